// libedit's native API (histedit.h): el_wgets with our own character reader, which waits on the
// terminal, the stop pipe and the print pipe at once. Text printed while a line is being typed
// is written from inside that reader, on the reader thread: the partial line is erased, the text
// written, and libedit draws the prompt and the partial line again (EL_REFRESH), its cursor
// where it was. libedit is touched by the reader thread alone.
#include "app/line_editor.h"

#include <fcntl.h>
#include <histedit.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <clocale>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "app/file_error.h"

namespace annabella::app {

struct LineEditor::Impl {
  Settings settings;
  FILE* in = nullptr;
  FILE* out = nullptr;
  EditLine* el = nullptr;
  History* history = nullptr;
  int print_pipe[2] = {-1, -1};  // print() wakes the reader through it

  std::mutex mutex;      // guards the two below and every write to the terminal
  bool editing = false;  // the reader is inside el_wgets: prints wait for it
  std::string pending;   // text printed meanwhile, not yet shown

  ~Impl() {
    if (el) el_end(el);  // gives the terminal back as it was
    if (history) history_end(history);
    if (in) std::fclose(in);
    if (out) std::fclose(out);
    for (const int fd : print_pipe)
      if (fd >= 0) ::close(fd);
  }

  void write_all(std::string_view text) const {
    while (!text.empty()) {
      const ssize_t n = ::write(settings.output_fd, text.data(), text.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the terminal is gone: nothing more can be shown
      text.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  // Inside el_wgets: erases the prompt and the partial line, writes what was printed, and has
  // libedit draw the prompt and the partial line again below it.
  void show_pending() {
    std::string text;
    {
      std::lock_guard lock(mutex);
      text = std::exchange(pending, {});
    }
    if (text.empty()) return;
    winsize size{};
    const int columns =
        ::ioctl(settings.output_fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : 80;
    const LineInfoW* line = el_wline(el);
    const auto typed = static_cast<int>(line->cursor - line->buffer);
    const int row = (static_cast<int>(settings.prompt.size()) + typed) / columns;
    std::string erase = "\r";
    if (row > 0) erase += "\x1B[" + std::to_string(row) + "A";
    erase += "\x1B[J";  // clears to the end of the screen: the whole partial line
    // The terminal is in libedit's raw mode: a line end needs its carriage return.
    std::string lines;
    for (const char c : text) {
      if (c == '\n') lines += '\r';
      lines += c;
    }
    write_all(erase + lines);
    el_set(el, EL_REFRESH);
  }

  // One UTF-8 character from the terminal; 0 at its end.
  int read_terminal(wchar_t* out_char) const {
    unsigned char lead = 0;
    if (read_byte(lead) <= 0) return 0;
    int more = 0;
    char32_t code = lead;
    if (lead >= 0xF0) {
      more = 3;
      code = lead & 0x07U;
    } else if (lead >= 0xE0) {
      more = 2;
      code = lead & 0x0FU;
    } else if (lead >= 0xC0) {
      more = 1;
      code = lead & 0x1FU;
    }
    for (int i = 0; i < more; ++i) {
      unsigned char next = 0;
      if (read_byte(next) <= 0) return 0;
      if ((next & 0xC0U) != 0x80U) return -1;  // not UTF-8: libedit says so with a bell
      code = (code << 6U) | (next & 0x3FU);
    }
    *out_char = static_cast<wchar_t>(code);
    return 1;
  }

  int read_byte(unsigned char& byte) const {
    while (true) {
      const ssize_t n = ::read(settings.input_fd, &byte, 1);
      if (n < 0 && errno == EINTR) continue;
      return static_cast<int>(n);
    }
  }

  // libedit's character reader: waits for a key, a stop or a print, whichever comes first.
  static int read_char(EditLine* el, wchar_t* out_char) {
    Impl* self = nullptr;
    el_get(el, EL_CLIENTDATA, &self);
    while (true) {
      pollfd fds[3] = {{self->settings.input_fd, POLLIN, 0},
                       {self->print_pipe[0], POLLIN, 0},
                       {self->settings.stop_fd, POLLIN, 0}};
      if (::poll(fds, self->settings.stop_fd >= 0 ? 3 : 2, -1) < 0) {
        if (errno == EINTR) continue;
        return -1;
      }
      if (fds[2].revents) return 0;  // stopped: el_wgets returns no line
      if (fds[1].revents) {
        char drain[64];
        [[maybe_unused]] const auto n = ::read(self->print_pipe[0], drain, sizeof drain);
        self->show_pending();
        continue;
      }
      if (fds[0].revents) return self->read_terminal(out_char);
    }
  }

  static char* prompt(EditLine* el) {
    Impl* self = nullptr;
    el_get(el, EL_CLIENTDATA, &self);
    return self->settings.prompt.data();
  }
};

namespace {

void append_utf8(std::string& out, char32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

bool utf8_locale() {
  const char* ctype = std::setlocale(LC_CTYPE, nullptr);
  if (!ctype) return false;
  const std::string name = ctype;
  return name.find("UTF-8") != std::string::npos || name.find("utf8") != std::string::npos;
}

}  // namespace

Result<std::unique_ptr<LineEditor>> LineEditor::open(const Settings& settings) {
  if (!::isatty(settings.input_fd) || !::isatty(settings.output_fd))
    return fail("line editing needs a terminal on both the console's input and output");
  if (!utf8_locale() && !std::setlocale(LC_CTYPE, "C.UTF-8"))
    return fail("line editing: no UTF-8 character locale (C.UTF-8)");
  auto impl = std::make_unique<Impl>();
  impl->settings = settings;
  if (::pipe2(impl->print_pipe, O_CLOEXEC) != 0)
    return fail(std::string("line editing: pipe: ") + system_reason(errno));
  // libedit reads through our reader and writes through `out`; the duplicates are its own.
  impl->in = ::fdopen(::fcntl(settings.input_fd, F_DUPFD_CLOEXEC, 0), "r");
  impl->out = ::fdopen(::fcntl(settings.output_fd, F_DUPFD_CLOEXEC, 0), "w");
  if (!impl->in || !impl->out)
    return fail(std::string("line editing: the terminal: ") + system_reason(errno));
  impl->el = el_init("annabella", impl->in, impl->out, impl->out);
  impl->history = history_init();
  if (!impl->el || !impl->history) return fail("line editing: libedit could not start");
  HistEvent event{};
  history(impl->history, &event, H_SETSIZE, settings.history_size);
  history(impl->history, &event, H_SETUNIQUE, 1);  // Enter on a recalled line keeps one copy
  el_set(impl->el, EL_CLIENTDATA, impl.get());
  el_set(impl->el, EL_EDITOR, "emacs");
  el_set(impl->el, EL_SIGNAL, 1);  // the terminal is given back on Ctrl-C, SIGTERM, a hang-up
  el_set(impl->el, EL_PROMPT, &Impl::prompt);
  el_set(impl->el, EL_HIST, history, impl->history);
  el_set(impl->el, EL_GETCFN, &Impl::read_char);
  return std::unique_ptr<LineEditor>(new LineEditor(std::move(impl)));
}

LineEditor::LineEditor(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

LineEditor::~LineEditor() = default;

std::optional<std::string> LineEditor::read_line() {
  Impl& m = *impl_;
  {
    std::lock_guard lock(m.mutex);
    m.editing = true;
  }
  int count = 0;
  const wchar_t* typed = el_wgets(m.el, &count);
  std::string line;
  if (typed && count > 0)
    for (int i = 0; i < count; ++i) append_utf8(line, static_cast<char32_t>(typed[i]));
  {
    // What was printed after the last key: the cursor is on a fresh line now.
    std::lock_guard lock(m.mutex);
    m.editing = false;
    m.write_all(std::exchange(m.pending, {}));
  }
  if (!typed || count <= 0) return std::nullopt;
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  if (line.find_first_not_of(" \t") != std::string::npos) {
    HistEvent event{};
    history(m.history, &event, H_ENTER, line.c_str());
  }
  return line;
}

void LineEditor::print(std::string_view text) {
  Impl& m = *impl_;
  std::lock_guard lock(m.mutex);
  if (!m.editing) {
    m.write_all(text);
    return;
  }
  m.pending += text;
  const char byte = 'p';
  [[maybe_unused]] const auto n = ::write(m.print_pipe[1], &byte, 1);
}

}  // namespace annabella::app
