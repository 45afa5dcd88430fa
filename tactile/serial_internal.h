// Internals shared by the two serial transports (not part of the tactile API).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "core/result.h"
#include "tactile/serial_link.h"
#include "tactile/wake_pipe.h"

namespace annabella::tactile::detail {

enum class WaitOutcome { Ready, Timeout, Woken, HungUp, Failed };

// Waits (poll, no spinning) until `fd` is readable (or writable when `for_write`), the wake pipe
// (if any) has a byte, the timeout passes or the device hangs up. Drains the wake pipe when woken.
[[nodiscard]] WaitOutcome wait_fd(int fd, const WakePipe* wake, std::chrono::milliseconds timeout,
                                  bool for_write = false);

// The libserialport transport (tactile/serial_libserialport.cpp).
Result<std::unique_ptr<SerialLink>> open_libserialport(const std::filesystem::path& path,
                                                       const LineSettings& settings);
// The termios transport (tactile/serial_posix.cpp).
Result<std::unique_ptr<SerialLink>> open_termios(const std::filesystem::path& path,
                                                 const LineSettings& settings);

}  // namespace annabella::tactile::detail
