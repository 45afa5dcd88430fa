#include "support/headless_chromium.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>
#include <vector>

namespace annabella::testing {

namespace {

constexpr auto kAnswerWait = std::chrono::seconds(60);  // a cold start under ASan is slow

void append_utf8(std::string& out, unsigned code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

}  // namespace

std::string json_quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::optional<std::string> json_string_field(const std::string& json, const std::string& key) {
  const std::string tag = "\"" + key + "\":\"";
  auto at = json.find(tag);
  if (at == std::string::npos) return std::nullopt;
  std::string value;
  for (at += tag.size(); at < json.size() && json[at] != '"'; ++at) {
    if (json[at] != '\\' || at + 1 >= json.size()) {
      value += json[at];
      continue;
    }
    const char e = json[++at];
    if (e == 'n') {
      value += '\n';
    } else if (e == 't') {
      value += '\t';
    } else if (e == 'u' && at + 4 < json.size()) {
      append_utf8(value, static_cast<unsigned>(std::stoul(json.substr(at + 1, 4), nullptr, 16)));
      at += 4;
    } else {
      value += e;  // \" \\ \/
    }
  }
  return value;
}

HeadlessChromium::HeadlessChromium(const std::filesystem::path& profile) {
  int to[2], from[2];
  if (::pipe(to) != 0 || ::pipe(from) != 0) {
    error_ = "pipe failed";
    return;
  }
  const std::string profile_arg = "--user-data-dir=" + profile.string();
  pid_ = ::fork();
  if (pid_ == 0) {
    // Chromium reads commands on fd 3 and writes answers on fd 4.
    ::dup2(to[0], 3);
    ::dup2(from[1], 4);
    const int null = ::open("/dev/null", O_RDWR);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    for (int fd = 5; fd < 1024; ++fd) ::close(fd);
    std::vector<std::string> args = {"chromium",
                                     "--headless",
                                     "--no-sandbox",
                                     "--disable-gpu",
                                     "--disable-dev-shm-usage",
                                     "--no-first-run",
                                     "--hide-scrollbars",
                                     "--remote-debugging-pipe",
                                     profile_arg,
                                     "about:blank"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execvp("chromium", argv.data());
    ::_exit(127);
  }
  ::close(to[0]);
  ::close(from[1]);
  to_chromium_ = to[1];
  from_chromium_ = from[0];
  ::signal(SIGPIPE, SIG_IGN);
}

HeadlessChromium::~HeadlessChromium() {
  if (to_chromium_ >= 0) ::close(to_chromium_);  // Chromium ends when its pipe closes
  if (pid_ > 0) {
    for (int i = 0; i < 50; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
  }
  if (from_chromium_ >= 0) ::close(from_chromium_);
}

std::optional<std::string> HeadlessChromium::call(const std::string& method,
                                                  const std::string& params, bool in_session) {
  if (to_chromium_ < 0) return std::nullopt;
  const int id = next_id_++;
  std::string message =
      "{\"id\":" + std::to_string(id) + ",\"method\":\"" + method + "\",\"params\":" + params;
  if (in_session && !session_.empty()) message += ",\"sessionId\":\"" + session_ + "\"";
  message += "}";
  message += '\0';
  for (std::size_t done = 0; done < message.size();) {
    const ssize_t n = ::write(to_chromium_, message.data() + done, message.size() - done);
    if (n <= 0) {
      error_ = method + ": Chromium's pipe is closed";
      return std::nullopt;
    }
    done += static_cast<std::size_t>(n);
  }
  const std::string tag = "{\"id\":" + std::to_string(id) + ",";
  const auto end = std::chrono::steady_clock::now() + kAnswerWait;
  while (true) {
    for (auto nul = pending_.find('\0'); nul != std::string::npos; nul = pending_.find('\0')) {
      std::string answer = pending_.substr(0, nul);
      pending_.erase(0, nul + 1);
      if (answer.rfind(tag, 0) != 0) continue;  // an event, or another command's answer
      if (answer.find("\"error\":") != std::string::npos ||
          answer.find("\"exceptionDetails\":") != std::string::npos) {
        error_ = method + ": " + answer;
        return std::nullopt;
      }
      return answer;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    pollfd fd{from_chromium_, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&fd, 1, static_cast<int>(left.count())) <= 0) {
      error_ = method + ": no answer from Chromium";
      return std::nullopt;
    }
    char buffer[65536];
    const ssize_t n = ::read(from_chromium_, buffer, sizeof buffer);
    if (n <= 0) {
      error_ = method + ": Chromium ended";
      return std::nullopt;
    }
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

bool HeadlessChromium::open(const std::string& url, int width, int height) {
  const auto target = call("Target.createTarget", "{\"url\":\"about:blank\"}", false);
  const auto target_id = target ? json_string_field(*target, "targetId") : std::nullopt;
  if (!target_id) return false;
  const auto attached = call("Target.attachToTarget",
                             "{\"targetId\":\"" + *target_id + "\",\"flatten\":true}", false);
  const auto session = attached ? json_string_field(*attached, "sessionId") : std::nullopt;
  if (!session) return false;
  session_ = *session;
  if (!call("Emulation.setDeviceMetricsOverride", "{\"width\":" + std::to_string(width) +
                                                      ",\"height\":" + std::to_string(height) +
                                                      ",\"deviceScaleFactor\":1,\"mobile\":false}"))
    return false;
  return call("Page.navigate", "{\"url\":" + json_quote(url) + "}").has_value();
}

std::optional<std::string> HeadlessChromium::evaluate(const std::string& expression) {
  const auto answer =
      call("Runtime.evaluate", "{\"expression\":" + json_quote(expression) +
                                   ",\"returnByValue\":true,\"awaitPromise\":true}");
  if (!answer) return std::nullopt;
  return json_string_field(*answer, "value");
}

std::string HeadlessChromium::evaluate_until(const std::string& expression,
                                             const std::string& expected,
                                             std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  std::string last;
  while (true) {
    // Between a reload's start and its load the page has no document to ask: try again.
    if (auto value = evaluate(expression)) last = *value;
    if (last == expected || std::chrono::steady_clock::now() >= end) return last;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace annabella::testing
