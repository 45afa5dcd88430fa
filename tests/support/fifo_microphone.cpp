#include "support/fifo_microphone.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace annabella::testing {

FifoMicrophone::FifoMicrophone() {
  const auto conf = dir_ / "asound.conf";
  fifo_ = dir_ / "microphone.fifo";
  if (::mkfifo(fifo_.c_str(), 0600) != 0) return;
  fd_ = ::open(fifo_.c_str(), O_RDWR | O_CLOEXEC);
  if (fd_ >= 0) (void)::fcntl(fd_, F_SETPIPE_SZ, 1 << 20);  // an utterance in one write
  std::ofstream(conf) << "pcm.!default { type file slave { pcm { type null } } file "
                      << "\"/dev/null\" infile \"" << fifo_.string() << "\" format \"raw\" }\n";
  ::setenv("ALSA_CONFIG_PATH", conf.c_str(), 1);
}

FifoMicrophone::~FifoMicrophone() {
  if (fd_ >= 0) ::close(fd_);
}

bool FifoMicrophone::write(const std::vector<std::int16_t>& samples) {
  const auto* bytes = reinterpret_cast<const char*>(samples.data());
  std::size_t left = samples.size() * sizeof(std::int16_t);
  while (left > 0) {
    const ssize_t n = ::write(fd_, bytes, left);
    if (n <= 0) return false;
    bytes += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool FifoMicrophone::set_capacity(int bytes) {
  const int flags = ::fcntl(fd_, F_GETFL);
  (void)::fcntl(fd_, F_SETFL, flags | O_NONBLOCK);
  char sink[4096];
  while (::read(fd_, sink, sizeof sink) > 0) {
  }
  (void)::fcntl(fd_, F_SETFL, flags);
  return ::fcntl(fd_, F_SETPIPE_SZ, bytes) >= bytes;
}

}  // namespace annabella::testing
