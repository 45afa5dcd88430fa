// The POSIX termios transport (pseudo-terminals and any tty), the pseudo-terminal pair, and the
// transport choice of open_serial_link().
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "tactile/serial_internal.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

namespace detail {

WaitOutcome wait_fd(int fd, const WakePipe* wake, std::chrono::milliseconds timeout,
                    bool for_write) {
  pollfd fds[2] = {};
  fds[0].fd = fd;
  fds[0].events = for_write ? POLLOUT : POLLIN;
  fds[1].fd = wake != nullptr ? wake->read_fd() : -1;
  fds[1].events = POLLIN;
  const nfds_t count = wake != nullptr ? 2 : 1;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    const int wait_ms = left.count() < 0 ? 0 : static_cast<int>(left.count());
    const int n = ::poll(fds, count, wait_ms);
    if (n < 0) {
      if (errno == EINTR) continue;
      return WaitOutcome::Failed;
    }
    if (n == 0) return WaitOutcome::Timeout;
    if (count == 2 && (fds[1].revents & POLLIN)) {
      wake->drain();
      return WaitOutcome::Woken;
    }
    // Data still waiting is delivered before the hang-up is reported.
    if (fds[0].revents & (for_write ? POLLOUT : POLLIN)) return WaitOutcome::Ready;
    if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) return WaitOutcome::HungUp;
  }
}

namespace {

std::string errno_text(int err) {
  return std::strerror(err);
}

speed_t speed_for(int baud) {
  switch (baud) {
    case 1200:
      return B1200;
    case 2400:
      return B2400;
    case 4800:
      return B4800;
    case 9600:
      return B9600;
    case 19200:
      return B19200;
    case 38400:
      return B38400;
    case 57600:
      return B57600;
    case 115200:
      return B115200;
    case 230400:
      return B230400;
    default:
      return B0;
  }
}

// Raw mode with the given line settings.
Status configure_tty(int fd, const LineSettings& settings, const std::string& name) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0)
    return fail(name + ": cannot read the line settings: " + errno_text(errno));
  ::cfmakeraw(&tio);
  const speed_t speed = speed_for(settings.baud);
  if (speed == B0) return fail(name + ": unsupported baud rate " + std::to_string(settings.baud));
  ::cfsetispeed(&tio, speed);
  ::cfsetospeed(&tio, speed);
  tio.c_cflag &= ~static_cast<tcflag_t>(CSIZE | PARENB | PARODD | CSTOPB | CRTSCTS);
  switch (settings.data_bits) {
    case 5:
      tio.c_cflag |= CS5;
      break;
    case 6:
      tio.c_cflag |= CS6;
      break;
    case 7:
      tio.c_cflag |= CS7;
      break;
    case 8:
      tio.c_cflag |= CS8;
      break;
    default:
      return fail(name + ": unsupported data bits " + std::to_string(settings.data_bits));
  }
  if (settings.parity != Parity::None) tio.c_cflag |= PARENB;
  if (settings.parity == Parity::Odd) tio.c_cflag |= PARODD;
  if (settings.stop_bits == 2) tio.c_cflag |= CSTOPB;
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_iflag &= ~static_cast<tcflag_t>(IXON | IXOFF | IXANY);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  if (::tcsetattr(fd, TCSANOW, &tio) != 0)
    return fail(name + ": cannot set the line settings: " + errno_text(errno));
  return {};
}

// Reads and writes on a non-blocking descriptor with poll; shared by the termios link and the
// pseudo-terminal master.
Result<std::size_t> fd_read(int fd, const WakePipe& wake, std::span<std::uint8_t> buffer,
                            std::chrono::milliseconds timeout, const std::string& name,
                            bool& connected) {
  if (fd < 0 || !connected) return fail(name + ": the device is disconnected");
  switch (wait_fd(fd, &wake, timeout)) {
    case WaitOutcome::Timeout:
    case WaitOutcome::Woken:
      return std::size_t{0};
    case WaitOutcome::HungUp:
      connected = false;
      return fail(name + ": the device hung up");
    case WaitOutcome::Failed:
      connected = false;
      return fail(name + ": waiting for data failed: " + errno_text(errno));
    case WaitOutcome::Ready:
      break;
  }
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n > 0) return static_cast<std::size_t>(n);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return std::size_t{0};
    connected = false;
    if (n == 0) return fail(name + ": the device is gone (end of file)");
    return fail(name + ": read failed: " + errno_text(errno));
  }
}

Status fd_write(int fd, std::span<const std::uint8_t> bytes, std::chrono::milliseconds timeout,
                const std::string& name, bool& connected) {
  if (fd < 0 || !connected) return fail(name + ": the device is disconnected");
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) {
      connected = false;
      return fail(name + ": write failed: " + errno_text(errno));
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return fail(name + ": write timed out");
    // The wake pipe is not watched here: a write only waits for room on the line.
    const auto outcome = wait_fd(fd, nullptr, left, true);
    if (outcome == WaitOutcome::HungUp || outcome == WaitOutcome::Failed) {
      connected = false;
      return fail(name + ": the device hung up while writing");
    }
  }
  return {};
}

class TermiosLink final : public SerialLink {
 public:
  TermiosLink(int fd, WakePipe wake, std::string name)
      : fd_(fd), wake_(std::move(wake)), name_(std::move(name)) {}
  ~TermiosLink() override { ::close(fd_); }
  Result<std::size_t> read(std::span<std::uint8_t> buffer,
                           std::chrono::milliseconds timeout) override {
    bool connected = connected_.load();
    auto r = fd_read(fd_, wake_, buffer, timeout, name_, connected);
    if (!connected) connected_ = false;
    return r;
  }
  Status write(std::span<const std::uint8_t> bytes, std::chrono::milliseconds timeout) override {
    bool connected = connected_.load();
    auto r = fd_write(fd_, bytes, timeout, name_, connected);
    if (!connected) connected_ = false;
    return r;
  }
  void interrupt() override { wake_.poke(); }
  bool connected() const override { return connected_.load(); }
  const std::string& name() const override { return name_; }

 private:
  int fd_;
  WakePipe wake_;
  std::string name_;
  std::atomic<bool> connected_{true};
};

}  // namespace

Result<std::unique_ptr<SerialLink>> open_termios(const std::filesystem::path& path,
                                                 const LineSettings& settings) {
  const std::string name = path.string();
  const int fd = ::open(name.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(name + ": cannot open: " + errno_text(errno));
  if (!::isatty(fd)) {
    ::close(fd);
    return fail(name + ": not a serial device or terminal");
  }
  if (auto st = configure_tty(fd, settings, name); !st) {
    ::close(fd);
    return fail(st.error());
  }
  ::tcflush(fd, TCIOFLUSH);
  auto wake = WakePipe::create();
  if (!wake) {
    const int err = errno;
    ::close(fd);
    return fail(name + ": cannot create a wake-up pipe: " + errno_text(err));
  }
  return std::unique_ptr<SerialLink>(std::make_unique<TermiosLink>(fd, std::move(*wake), name));
}

}  // namespace detail

std::string describe(const LineSettings& settings) {
  const char parity = settings.parity == Parity::None  ? 'N'
                      : settings.parity == Parity::Odd ? 'O'
                                                       : 'E';
  return std::to_string(settings.baud) + " " + std::to_string(settings.data_bits) + parity +
         std::to_string(settings.stop_bits);
}

bool is_pseudo_terminal(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISCHR(st.st_mode)) return false;
  // Unix 98 pty slaves have majors 136..143 (Documentation/admin-guide/devices.txt).
  const unsigned major_number = major(st.st_rdev);
  return major_number >= 136 && major_number <= 143;
}

Result<std::unique_ptr<SerialLink>> open_serial_link(const std::filesystem::path& path,
                                                     const LineSettings& settings,
                                                     Transport transport) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))  // follows links: a dangling one is "not there" too
    return fail(path.string() + ": no such device (not plugged in, or not started yet)");
  if (transport == Transport::Auto)
    transport = is_pseudo_terminal(path) ? Transport::Termios : Transport::LibSerialPort;
  if (transport == Transport::Termios) return detail::open_termios(path, settings);
  return detail::open_libserialport(path, settings);
}

// ---------------------------------------------------------------------------------------------
// PseudoTerminal

PseudoTerminal::PseudoTerminal(Ends ends, WakePipe wake, std::string name,
                               std::filesystem::path link)
    : master_fd_(ends.master_fd),
      slave_fd_(ends.slave_fd),
      wake_(std::move(wake)),
      slave_name_(std::move(name)),
      link_path_(std::move(link)) {}

Result<std::unique_ptr<PseudoTerminal>> PseudoTerminal::create(
    const std::filesystem::path& link_path) {
  int master = -1;
  int slave = -1;
  char name[256] = {};
  if (::openpty(&master, &slave, name, nullptr, nullptr) != 0)
    return fail(std::string("cannot create a pseudo-terminal: ") + std::strerror(errno));
  termios tio{};
  ::tcgetattr(slave, &tio);
  ::cfmakeraw(&tio);
  ::tcsetattr(slave, TCSANOW, &tio);
  ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
  ::fcntl(master, F_SETFD, FD_CLOEXEC);
  ::fcntl(slave, F_SETFD, FD_CLOEXEC);
  auto wake = WakePipe::create();
  if (!wake) {
    const int err = errno;
    ::close(master);
    ::close(slave);
    return fail(std::string("cannot create a wake-up pipe: ") + std::strerror(err));
  }
  if (!link_path.empty()) {
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(link_path, ec);
    if (std::filesystem::is_symlink(status)) {
      std::filesystem::remove(link_path, ec);
    } else if (std::filesystem::exists(status)) {
      ::close(master);
      ::close(slave);
      return fail(link_path.string() + ": exists and is not a symlink; will not replace it");
    }
    std::filesystem::create_symlink(name, link_path, ec);
    if (ec) {
      ::close(master);
      ::close(slave);
      return fail(link_path.string() + ": cannot create the symlink: " + ec.message());
    }
  }
  return std::unique_ptr<PseudoTerminal>(new PseudoTerminal(
      {.master_fd = master, .slave_fd = slave}, std::move(*wake), name, link_path));
}

PseudoTerminal::~PseudoTerminal() {
  hang_up();
}

void PseudoTerminal::hang_up() {
  // Only while this pty is open: a later pty may have the same name and the same link.
  if (!link_path_.empty() && master_fd_ >= 0) {
    std::error_code ec;
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(link_path_, ec)) &&
        std::filesystem::read_symlink(link_path_, ec) == slave_name_)
      std::filesystem::remove(link_path_, ec);
  }
  if (master_fd_ >= 0) ::close(master_fd_);
  if (slave_fd_ >= 0) ::close(slave_fd_);
  master_fd_ = -1;
  slave_fd_ = -1;
}

Result<std::size_t> PseudoTerminal::read(std::span<std::uint8_t> buffer,
                                         std::chrono::milliseconds timeout) {
  bool connected = master_fd_ >= 0;
  return detail::fd_read(master_fd_, wake_, buffer, timeout, slave_name_, connected);
}

Status PseudoTerminal::write(std::span<const std::uint8_t> bytes,
                             std::chrono::milliseconds timeout) {
  bool connected = master_fd_ >= 0;
  return detail::fd_write(master_fd_, bytes, timeout, slave_name_, connected);
}

void PseudoTerminal::interrupt() {
  wake_.poke();
}

bool PseudoTerminal::connected() const {
  return master_fd_ >= 0;
}

}  // namespace annabella::tactile
