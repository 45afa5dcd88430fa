#include "support/terminal_process.h"

#include "support/output_wait.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <thread>

namespace annabella::testing {

TerminalProcess::TerminalProcess(const std::vector<std::string>& argv,
                                 const std::vector<std::string>& env, int columns)
    : columns_(columns) {
  master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) return;
  const char* slave_name = ::ptsname(master_);
  if (!slave_name) return;
  const std::string slave(slave_name);
  winsize size{};
  size.ws_row = 24;
  size.ws_col = static_cast<unsigned short>(columns);
  ::ioctl(master_, TIOCSWINSZ, &size);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::setsid();
    const int fd = ::open(slave.c_str(), O_RDWR);  // the controlling terminal now
    if (fd < 0) ::_exit(126);
    ::dup2(fd, STDIN_FILENO);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    if (fd > STDERR_FILENO) ::close(fd);
    for (const auto& entry : env) ::putenv(const_cast<char*>(entry.c_str()));
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::signal(SIGPIPE, SIG_IGN);
}

TerminalProcess::~TerminalProcess() {
  if (pid_ > 0 && !reaped_) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  if (master_ >= 0) ::close(master_);
}

void TerminalProcess::type(const std::string& keys) {
  std::size_t done = 0;
  while (done < keys.size()) {
    const ssize_t n = ::write(master_, keys.data() + done, keys.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

bool TerminalProcess::read_some(std::chrono::milliseconds timeout) {
  if (eof_ || master_ < 0) return false;
  pollfd fd{master_, POLLIN, 0};
  if (::poll(&fd, 1, static_cast<int>(timeout.count())) <= 0) return false;
  char buffer[4096];
  const ssize_t n = ::read(master_, buffer, sizeof buffer);
  if (n <= 0) {
    eof_ = true;  // EIO: every process let go of the terminal
    return false;
  }
  output_.append(buffer, static_cast<std::size_t>(n));
  return true;
}

bool TerminalProcess::wait_for(const std::string& text, std::chrono::milliseconds timeout,
                               std::size_t from) {
  return wait_for_text(
      output_, text, timeout, from, [this](std::chrono::milliseconds left) { read_some(left); },
      [this] { return eof_; });
}

void TerminalProcess::drain(std::chrono::milliseconds span) {
  const auto end = std::chrono::steady_clock::now() + span;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    if (left.count() <= 0 || eof_) return;
    read_some(left);
  }
}

std::vector<std::string> TerminalProcess::screen() const {
  const Screen s = render_terminal(output_, columns_);
  std::vector<std::string> out;
  for (const auto& [row, line] : s.lines) {
    while (static_cast<int>(out.size()) < row) out.emplace_back();
    std::string text = line;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out.push_back(text);
  }
  return out;
}

std::string TerminalProcess::cursor_line() const {
  const Screen s = render_terminal(output_, columns_);
  const auto it = s.lines.find(s.row);
  std::string text = it == s.lines.end() ? "" : it->second;
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

int TerminalProcess::wait(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return -1;
  if (reaped_) return exit_code_;
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      reaped_ = true;
      while (read_some(std::chrono::milliseconds(20))) {
      }
      exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return exit_code_;
    }
    if (!read_some(std::chrono::milliseconds(20)))
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

namespace {

// The number parameter of a CSI sequence ("12" of ESC [ 12 A), 1 when absent.
int csi_count(const std::string& params) {
  if (params.empty()) return 1;
  const int n = std::atoi(params.c_str());
  return n > 0 ? n : 1;
}

void put(Screen& s, char c, int columns) {
  std::string& line = s.lines[s.row];
  if (s.column >= columns) {  // wraps to the next line
    ++s.row;
    s.column = 0;
    put(s, c, columns);
    return;
  }
  if (static_cast<int>(line.size()) <= s.column)
    line.resize(static_cast<std::size_t>(s.column) + 1, ' ');
  line[static_cast<std::size_t>(s.column)] = c;
  ++s.column;
}

void csi(Screen& s, const std::string& params, char final) {
  std::string& line = s.lines[s.row];
  const int n = csi_count(params);
  switch (final) {
    case 'A':
      s.row = std::max(0, s.row - n);
      break;
    case 'B':
      s.row += n;
      break;
    case 'C':
      s.column += n;
      break;
    case 'D':
      s.column = std::max(0, s.column - n);
      break;
    case 'G':
      s.column = n - 1;
      break;
    case 'K':  // to the end of the line (the only form libedit uses)
      if (static_cast<int>(line.size()) > s.column) line.resize(static_cast<std::size_t>(s.column));
      break;
    case 'J':  // to the end of the screen
      if (static_cast<int>(line.size()) > s.column) line.resize(static_cast<std::size_t>(s.column));
      for (auto it = s.lines.upper_bound(s.row); it != s.lines.end();) it = s.lines.erase(it);
      break;
    default:
      break;  // colours, modes: nothing on the screen's text
  }
}

}  // namespace

Screen render_terminal(const std::string& output, int columns) {
  Screen s;
  for (std::size_t i = 0; i < output.size(); ++i) {
    const char c = output[i];
    if (c == '\r') {
      s.column = 0;
    } else if (c == '\n') {
      ++s.row;
      s.column = 0;  // the pty's output processing adds the carriage return (ONLCR)
    } else if (c == '\b') {
      s.column = std::max(0, s.column - 1);
    } else if (c == '\x07') {
      // the bell
    } else if (c == '\x1B' && i + 1 < output.size() && output[i + 1] == '[') {
      std::size_t j = i + 2;
      std::string params;
      while (j < output.size() && (std::isdigit(static_cast<unsigned char>(output[j])) ||
                                   output[j] == ';' || output[j] == '?'))
        params += output[j++];
      if (j < output.size()) csi(s, params, output[j]);
      i = j;
    } else if (c == '\x1B') {
      ++i;  // a two-byte escape (ESC = , ESC >): no text
    } else if (static_cast<unsigned char>(c) >= 0x20) {
      put(s, c, columns);
    }
  }
  return s;
}

}  // namespace annabella::testing
