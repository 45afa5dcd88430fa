#include "support/virtual_brltty.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <thread>

namespace annabella::testing {
namespace {

using std::chrono::milliseconds;

// Where brltty is installed (Debian: /usr/sbin, often not on a user's PATH).
std::string brltty_path() {
  std::string dirs = "/usr/sbin:/usr/bin:/sbin:/bin";
  if (const char* path = std::getenv("PATH")) dirs = std::string(path) + ":" + dirs;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const std::string candidate = dirs.substr(start, colon - start) + "/brltty";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return "/usr/sbin/brltty";
}

// A BrlAPI port number N (BRLTTY listens on TCP port 4101 + N) that no other test's BRLTTY
// holds. Tests run in parallel, each with its own BRLTTY: N was once the process id modulo 900,
// and two tests that met on one port had one station write to the other test's display. Now N
// is drawn at random from twenty thousand ports (below the kernel's ephemeral range) and taken
// only when the port is free on the loopback.
int free_brlapi_port() {
  std::random_device device;
  std::mt19937 random(device() ^ static_cast<unsigned>(::getpid()));
  std::uniform_int_distribution<int> pick(50, 20000);
  for (int attempt = 0; attempt < 200; ++attempt) {
    const int n = pick(random);
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) break;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(4101 + n));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    if (free) return n;
  }
  return 50 + static_cast<int>(::getpid() % 900);
}

}  // namespace

VirtualBrltty::VirtualBrltty(int cells) : cells_(cells) {
  start();
}

void VirtualBrltty::restart() {
  stop();
  host_.clear();
  error_.clear();
  buffer_.clear();
  visuals_.clear();
  start();
}

void VirtualBrltty::stop() {
  brltty_.reset();  // kills the brltty this object started
  if (display_ >= 0) ::close(display_);
  if (listener_ >= 0) ::close(listener_);
  display_ = listener_ = -1;
  std::filesystem::remove(dir_.path() / "vr.sock");
}

void VirtualBrltty::start() {
  const int cells = cells_;
  const std::string socket_path = (dir_.path() / "vr.sock").string();
  listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, socket_path.c_str(), sizeof(address.sun_path) - 1);
  if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listener_, 1) != 0) {
    error_ = "cannot listen on " + socket_path + ": " + std::strerror(errno);
    return;
  }
  // A BrlAPI port of our own (4101 + N), so that parallel tests do not meet.
  const int port = free_brlapi_port();
  const std::string host = "127.0.0.1:" + std::to_string(port);
  const std::string w = dir_.path().string();
  std::vector<std::string> args = {brltty_path(), "-n",
                                   "-e",          "-q",
                                   "-f",          "/dev/null",
                                   "-F",          w + "/prefs",
                                   "-W",          w,
                                   "-U",          w,
                                   "-P",          w + "/brltty.pid",
                                   "-b",          "vr",
                                   "-d",          "client:" + socket_path,
                                   "-x",          "no",
                                   "-s",          "no",
                                   "-A",          "host=" + host + ",auth=none"};
  brltty_ = std::make_unique<ChildProcess>(args);
  if (!brltty_->started()) {
    error_ = "cannot start brltty";
    return;
  }
  pollfd p{listener_, POLLIN, 0};
  if (::poll(&p, 1, 10000) != 1) {
    error_ = "brltty did not connect to the virtual display socket";
    return;
  }
  display_ = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
  const std::string hello = "cells " + std::to_string(cells) + "\n";
  if (::write(display_, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size())) {
    error_ = "cannot write to brltty";
    return;
  }
  host_ = host;
}

VirtualBrltty::~VirtualBrltty() {
  stop();
}

bool VirtualBrltty::press(const std::string& command) {
  if (display_ < 0) return false;
  const std::string line = command + "\n";
  const bool written =
      ::write(display_, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  // BRLTTY's Virtual driver reads a command when its socket becomes readable and takes one line
  // each time: lines written together wait for the next key. A hand presses one key at a time.
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  return written;
}

bool VirtualBrltty::read_some(std::chrono::steady_clock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0 || display_ < 0) return false;
  pollfd p{display_, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(left.count())) != 1) return false;
  char chunk[4096];
  const ssize_t n = ::read(display_, chunk, sizeof chunk);
  if (n <= 0) return false;
  buffer_.append(chunk, static_cast<std::size_t>(n));
  return true;
}

std::optional<std::string> VirtualBrltty::next_line(
    std::chrono::steady_clock::time_point deadline) {
  std::size_t end;
  while ((end = buffer_.find('\n')) == std::string::npos)
    if (!read_some(deadline)) return std::nullopt;
  std::string line = buffer_.substr(0, end);
  buffer_.erase(0, end + 1);
  if (line.rfind("Visual \"", 0) == 0) visuals_.push_back(line.substr(8, line.size() - 9));
  return line;
}

std::string VirtualBrltty::wait_for_visual(const std::string& text, milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (auto line = next_line(deadline))
    if (line->rfind("Visual \"", 0) == 0 && visuals_.back().find(text) != std::string::npos)
      return visuals_.back();
  return {};
}

std::string VirtualBrltty::wait_for_braille_of(const std::string& text, milliseconds limit) {
  if (wait_for_visual(text, limit).empty()) return {};
  // The driver reports a write's Braille line right after its Visual line (a few milliseconds).
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (auto line = next_line(deadline))
    if (line->rfind("Braille \"", 0) == 0) return line->substr(9, line->size() - 10);
  return {};
}

}  // namespace annabella::testing
