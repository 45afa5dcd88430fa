// A full disk, truthfully, for tests.
#pragma once

#include <sys/resource.h>

#include <csignal>
#include <cstdint>

namespace annabella::testing {

// While it lives, writes to files may not make them longer than `limit` bytes: a write that
// crosses the limit is cut short and the next one fails with EFBIG, as on a full disk (ENOSPC)
// where the kernel writes what fits. RLIMIT_FSIZE (with SIGXFSZ ignored) is used rather than a
// small tmpfs because it needs no privileges and fails at an exact byte; it is per process, and
// each test case runs in its own process.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(std::uintmax_t limit) {
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &previous_);
    rlimit lowered = previous_;
    lowered.rlim_cur = static_cast<rlim_t>(limit);
    ok_ = ::setrlimit(RLIMIT_FSIZE, &lowered) == 0;
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &previous_);
    std::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;
  bool ok() const { return ok_; }

 private:
  rlimit previous_{};
  void (*previous_handler_)(int) = SIG_DFL;
  bool ok_ = false;
};

}  // namespace annabella::testing
