// A wake-up pipe for threads waiting in poll.
#include "tactile/wake_pipe.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <utility>

namespace annabella::tactile {

std::optional<WakePipe> WakePipe::create() {
  int fds[2];
  if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return std::nullopt;
  return WakePipe(fds);
}

WakePipe::WakePipe(WakePipe&& other) noexcept
    : read_fd_(std::exchange(other.read_fd_, -1)), write_fd_(std::exchange(other.write_fd_, -1)) {}

WakePipe& WakePipe::operator=(WakePipe&& other) noexcept {
  if (this != &other) {
    close_both();
    read_fd_ = std::exchange(other.read_fd_, -1);
    write_fd_ = std::exchange(other.write_fd_, -1);
  }
  return *this;
}

WakePipe::~WakePipe() {
  close_both();
}

void WakePipe::close_both() noexcept {
  if (read_fd_ >= 0) ::close(read_fd_);
  if (write_fd_ >= 0) ::close(write_fd_);
  read_fd_ = write_fd_ = -1;
}

void WakePipe::poke() const {
  const std::uint8_t byte = 1;
  // A full pipe already means "woken"; nothing else can go wrong worth reporting.
  [[maybe_unused]] const auto n = ::write(write_fd_, &byte, 1);
}

void WakePipe::drain() const {
  std::uint8_t sink[64];
  while (::read(read_fd_, sink, sizeof sink) > 0) {
  }
}

}  // namespace annabella::tactile
