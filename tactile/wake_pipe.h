// A wake-up pipe: a thread waiting in poll on a device also watches the pipe's read end, and
// another thread writes a byte to wake it (SerialLink::interrupt). Owns both ends.
#pragma once

#include <optional>

namespace annabella::tactile {

class WakePipe {
 public:
  // A non-blocking, close-on-exec pipe; nothing (with errno set) if it cannot be made.
  [[nodiscard]] static std::optional<WakePipe> create();
  WakePipe(WakePipe&& other) noexcept;
  WakePipe& operator=(WakePipe&& other) noexcept;
  WakePipe(const WakePipe&) = delete;
  WakePipe& operator=(const WakePipe&) = delete;
  ~WakePipe();

  // The end to watch for reading.
  [[nodiscard]] int read_fd() const { return read_fd_; }
  // Wakes the waiter (a full pipe already means "woken").
  void poke() const;
  // Reads every byte waiting, after a wake-up.
  void drain() const;

 private:
  // The two ends as pipe2() gives them: [0] to read, [1] to write.
  explicit WakePipe(const int (&ends)[2]) : read_fd_(ends[0]), write_fd_(ends[1]) {}
  void close_both() noexcept;
  int read_fd_ = -1;
  int write_fd_ = -1;
};

}  // namespace annabella::tactile
