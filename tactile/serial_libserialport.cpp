// The libserialport transport for real serial devices (USB, RS-232, Bluetooth rfcomm). The only
// file that includes libserialport.h.
//
// libserialport's own blocking read busy-spins until its timeout once the device is gone (it
// returns 0 at once, again and again), and sp_wait returns at once: so this adapter waits with
// poll() on the port's descriptor (and a wake-up pipe) itself, reads with sp_nonblocking_read, and
// takes POLLHUP/POLLERR, or a "readable" port that yields no bytes, as the device being gone.
#include <libserialport.h>

#include <atomic>

#include "tactile/serial_internal.h"
#include "tactile/serial_link.h"

namespace annabella::tactile::detail {
namespace {

std::string sp_error_text(sp_return code) {
  if (code == SP_ERR_FAIL) {
    char* message = sp_last_error_message();
    std::string text = message ? message : "unknown failure";
    sp_free_error_message(message);
    return text;
  }
  switch (code) {
    case SP_ERR_ARG:
      return "invalid argument";
    case SP_ERR_MEM:
      return "out of memory";
    case SP_ERR_SUPP:
      return "not supported";
    default:
      return "error " + std::to_string(static_cast<int>(code));
  }
}

class LibSerialPortLink final : public SerialLink {
 public:
  // `fd` is the port's own descriptor (libserialport closes it).
  LibSerialPortLink(sp_port* port, int fd, WakePipe wake, std::string name)
      : port_(port), fd_(fd), wake_(std::move(wake)), name_(std::move(name)) {}
  ~LibSerialPortLink() override {
    sp_close(port_);
    sp_free_port(port_);
  }

  Result<std::size_t> read(std::span<std::uint8_t> buffer,
                           std::chrono::milliseconds timeout) override {
    if (!connected_) return fail(name_ + ": the device is disconnected");
    switch (wait_fd(fd_, &wake_, timeout)) {
      case WaitOutcome::Timeout:
      case WaitOutcome::Woken:
        return std::size_t{0};
      case WaitOutcome::HungUp:
      case WaitOutcome::Failed:
        connected_ = false;
        return fail(name_ + ": the device is gone");
      case WaitOutcome::Ready:
        break;
    }
    const sp_return n = sp_nonblocking_read(port_, buffer.data(), buffer.size());
    if (n > 0) return static_cast<std::size_t>(n);
    // Readable but nothing to read: the device has vanished (unplugged).
    connected_ = false;
    if (n == 0) return fail(name_ + ": the device is gone (unplugged?)");
    return fail(name_ + ": read failed: " + sp_error_text(n));
  }

  Status write(std::span<const std::uint8_t> bytes, std::chrono::milliseconds timeout) override {
    if (!connected_) return fail(name_ + ": the device is disconnected");
    const sp_return n = sp_blocking_write(port_, bytes.data(), bytes.size(),
                                          static_cast<unsigned>(timeout.count()));
    if (n < 0) {
      connected_ = false;
      return fail(name_ + ": write failed: " + sp_error_text(n));
    }
    if (static_cast<std::size_t>(n) < bytes.size()) return fail(name_ + ": write timed out");
    return {};
  }

  void interrupt() override { wake_.poke(); }
  bool connected() const override { return connected_.load(); }
  const std::string& name() const override { return name_; }

 private:
  sp_port* port_;
  int fd_;
  WakePipe wake_;
  std::string name_;
  std::atomic<bool> connected_{true};
};

}  // namespace

Result<std::unique_ptr<SerialLink>> open_libserialport(const std::filesystem::path& path,
                                                       const LineSettings& settings) {
  std::error_code ec;
  // Follow symlinks (udev's /dev/serial/by-id names): libserialport looks the real name up.
  const auto real = std::filesystem::canonical(path, ec);
  const std::string name = path.string();
  const std::string device = ec ? name : real.string();
  sp_port* port = nullptr;
  if (const sp_return r = sp_get_port_by_name(device.c_str(), &port); r != SP_OK)
    return fail(name + ": not a serial port libserialport knows: " + sp_error_text(r));
  const auto give_up = [&](const std::string& what, sp_return r) {
    sp_close(port);
    sp_free_port(port);
    return fail(name + ": " + what + ": " + sp_error_text(r));
  };
  if (const sp_return r = sp_open(port, SP_MODE_READ_WRITE); r != SP_OK) {
    sp_free_port(port);
    return fail(name + ": cannot open: " + sp_error_text(r));
  }
  if (const sp_return r = sp_set_baudrate(port, settings.baud); r != SP_OK)
    return give_up("cannot set " + std::to_string(settings.baud) + " baud", r);
  if (const sp_return r = sp_set_bits(port, settings.data_bits); r != SP_OK)
    return give_up("cannot set the data bits", r);
  const sp_parity parity = settings.parity == Parity::None  ? SP_PARITY_NONE
                           : settings.parity == Parity::Odd ? SP_PARITY_ODD
                                                            : SP_PARITY_EVEN;
  if (const sp_return r = sp_set_parity(port, parity); r != SP_OK)
    return give_up("cannot set the parity", r);
  if (const sp_return r = sp_set_stopbits(port, settings.stop_bits); r != SP_OK)
    return give_up("cannot set the stop bits", r);
  if (const sp_return r = sp_set_flowcontrol(port, SP_FLOWCONTROL_NONE); r != SP_OK)
    return give_up("cannot switch flow control off", r);
  int fd = -1;
  if (const sp_return r = sp_get_port_handle(port, &fd); r != SP_OK)
    return give_up("cannot get the port's descriptor", r);
  sp_flush(port, SP_BUF_BOTH);
  auto wake = WakePipe::create();
  if (!wake) return give_up("cannot create a wake-up pipe", SP_ERR_FAIL);
  return std::unique_ptr<SerialLink>(
      std::make_unique<LibSerialPortLink>(port, fd, std::move(*wake), name));
}

}  // namespace annabella::tactile::detail
