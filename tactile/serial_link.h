// SerialLink: the byte stream between the station and a board or clock, whatever carries it.
//
// Two transports stand behind the one interface, chosen by open_serial_link():
//   - libserialport for real serial devices (USB CDC/FTDI, RS-232, Bluetooth rfcomm);
//   - plain POSIX termios for pseudo-terminals (board simulators, socat bridges), which
//     libserialport 0.1.1 cannot open (it looks names up in /sys/class/tty and fails on TIOCMGET).
// Only tactile/serial_libserialport.cpp includes libserialport.h.
//
// Contract
//   - read() waits without spinning (poll) for at most `timeout`; it returns the bytes that have
//     arrived, 0 when none came in time or interrupt() was called, and an error once the device
//     is gone (unplugged, pty master closed: POLLHUP/POLLERR, EIO, or a "readable" fd that yields
//     0 bytes, which is how libserialport reports a vanished device). After an error the link is
//     dead for good (connected() is false): open a new one to reconnect.
//   - write() writes every byte or fails (timeout, device gone).
//   - One thread may read while another writes; interrupt() may be called from any thread and
//     makes a pending or the next read() return 0 at once (used to stop device threads promptly).
//   - Destroying the link closes the device.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "core/result.h"
#include "tactile/wake_pipe.h"

namespace annabella::tactile {

enum class Parity : std::uint8_t { None, Odd, Even };

// The line settings a protocol needs; defaults are the DGT board's 9600 8N1, no flow control.
struct LineSettings {
  int baud = 9600;
  int data_bits = 8;  // 5..8
  Parity parity = Parity::None;
  int stop_bits = 1;  // 1 or 2
};

// "9600 8N1"
std::string describe(const LineSettings& settings);

class SerialLink {
 public:
  virtual ~SerialLink() = default;
  SerialLink() = default;
  SerialLink(const SerialLink&) = delete;
  SerialLink& operator=(const SerialLink&) = delete;

  // Copies up to buffer.size() bytes that arrived within `timeout` into `buffer`; 0 = nothing
  // arrived in time (or interrupt()); an error = the device is gone, the link is dead.
  virtual Result<std::size_t> read(std::span<std::uint8_t> buffer,
                                   std::chrono::milliseconds timeout) = 0;
  // Writes all of `bytes`, waiting at most `timeout` for the line to take them.
  virtual Status write(std::span<const std::uint8_t> bytes,
                       std::chrono::milliseconds timeout = std::chrono::milliseconds(1000)) = 0;
  // Makes a read() in progress (or the next one) return 0 at once. Safe from any thread.
  virtual void interrupt() = 0;
  // False once a read or write has found the device gone.
  virtual bool connected() const = 0;
  // The path it was opened with ("/dev/ttyUSB0", "/tmp/board"), for messages.
  virtual const std::string& name() const = 0;
};

enum class Transport : std::uint8_t {
  Auto,           // termios for pseudo-terminals, libserialport for everything else
  Termios,        // plain POSIX termios (any tty, pseudo-terminals included)
  LibSerialPort,  // libserialport (real serial devices only)
};

// Whether `path` (after following symlinks) is a pseudo-terminal slave (/dev/pts/N).
bool is_pseudo_terminal(const std::filesystem::path& path);

// Opens a serial device or pseudo-terminal with the given line settings. Symlinks are followed
// (a simulator's --link PATH). The error names the path and the reason.
Result<std::unique_ptr<SerialLink>> open_serial_link(const std::filesystem::path& path,
                                                     const LineSettings& settings,
                                                     Transport transport = Transport::Auto);

// A kernel pseudo-terminal pair for simulators and tests. The master end is a SerialLink (the
// simulated device talks through it); the slave end is what a reader opens, by its name
// (/dev/pts/N) or through a symlink at link_path. The pty keeps its own slave descriptor open,
// so the master never sees a hang-up while no reader is connected (readers may come and go).
// Destroying it (or hang_up()) closes the master: a reader sees the device disappear, exactly as
// when a USB board is unplugged; the symlink is removed.
class PseudoTerminal : public SerialLink {
 public:
  // Creates the pair in raw mode; with a non-empty link_path, makes (or replaces) a symlink there
  // pointing at the slave. The error names the path and the reason.
  static Result<std::unique_ptr<PseudoTerminal>> create(
      const std::filesystem::path& link_path = {});
  ~PseudoTerminal() override;

  Result<std::size_t> read(std::span<std::uint8_t> buffer,
                           std::chrono::milliseconds timeout) override;
  Status write(std::span<const std::uint8_t> bytes,
               std::chrono::milliseconds timeout = std::chrono::milliseconds(1000)) override;
  void interrupt() override;
  bool connected() const override;
  const std::string& name() const override { return slave_name_; }

  // "/dev/pts/N"
  const std::string& slave_name() const { return slave_name_; }
  const std::filesystem::path& link_path() const { return link_path_; }
  // Closes the master now (the board is "unplugged"); later reads and writes fail.
  void hang_up();

 private:
  // The pair's two descriptors, named so that they are never passed the wrong way round.
  struct Ends {
    int master_fd = -1;
    int slave_fd = -1;
  };
  PseudoTerminal(Ends ends, WakePipe wake, std::string name, std::filesystem::path link);
  int master_fd_ = -1;
  int slave_fd_ = -1;
  WakePipe wake_;
  std::string slave_name_;
  std::filesystem::path link_path_;
};

}  // namespace annabella::tactile
