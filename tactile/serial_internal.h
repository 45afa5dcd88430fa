// Internals shared by the two serial transports (not part of the tactile API).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "core/result.h"
#include "tactile/serial_link.h"

namespace annabella::tactile::detail {

enum class WaitOutcome { Ready, Timeout, Woken, HungUp, Failed };

// Waits (poll, no spinning) until `fd` is readable (or writable when `for_write`), the wake pipe
// has a byte, the timeout passes or the device hangs up. Drains the wake pipe when woken.
WaitOutcome wait_fd(int fd, int wake_fd, std::chrono::milliseconds timeout, bool for_write = false);

// A non-blocking, close-on-exec pipe for interrupt(); false if it cannot be made.
bool make_wake_pipe(int& read_end, int& write_end);
void poke(int wake_write_fd);

// The libserialport transport (tactile/serial_libserialport.cpp).
Result<std::unique_ptr<SerialLink>> open_libserialport(const std::filesystem::path& path,
                                                       const LineSettings& settings);
// The termios transport (tactile/serial_posix.cpp).
Result<std::unique_ptr<SerialLink>> open_termios(const std::filesystem::path& path,
                                                 const LineSettings& settings);

}  // namespace annabella::tactile::detail
