// The journal file: POSIX open/write/fdatasync, and zlib's CRC-32 (the only file using zlib).
#include "app/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

#include "app/file_error.h"
#include "app/i18n.h"
#include "app/record_folder.h"

namespace annabella::app {
namespace {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Undoes escape(); false on a bad escape.
bool unescape(std::string_view text, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return false;
    switch (text[i]) {
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case '\\':
        out += '\\';
        break;
      default:
        return false;
    }
  }
  return true;
}

std::uint32_t crc_of(std::string_view text) {
  return static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size())));
}

std::string hex8(std::uint32_t value) {
  static const char* const kDigits = "0123456789abcdef";
  std::string s(8, '0');
  for (int i = 7; i >= 0; --i, value >>= 4) s[std::size_t(i)] = kDigits[value & 15];
  return s;
}

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    parts.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  return parts;
}

// Parses one line (without its LF). Nothing on success, otherwise what is wrong.
std::optional<JournalFault> parse_line(std::string_view line, std::uint64_t expected_sequence,
                                       JournalEntry& out) {
  using K = JournalFault::Kind;
  const auto wrong = [](K kind, std::string value = {}) {
    JournalFault fault;
    fault.kind = kind;
    fault.value = std::move(value);
    return std::optional<JournalFault>(std::move(fault));
  };
  const auto first = line.find('\t');
  const auto second = first == std::string_view::npos ? first : line.find('\t', first + 1);
  if (second == std::string_view::npos) return wrong(K::NoSequenceAndChecksum);
  const std::string_view seq_text = line.substr(0, first);
  const std::string_view crc_text = line.substr(first + 1, second - first - 1);
  const std::string_view body = line.substr(second + 1);
  if (crc_text != hex8(crc_of(body))) return wrong(K::ChecksumMismatch, std::string(crc_text));
  if (seq_text != std::to_string(expected_sequence)) {
    auto fault = wrong(K::SequenceWrong, std::string(seq_text));
    fault->expected = expected_sequence;
    return fault;
  }
  const auto parts = split_tabs(body);
  out = JournalEntry{};
  if (!unescape(parts[0], out.kind)) return wrong(K::KindBadEscape);
  if (out.kind.empty()) return wrong(K::NoKind);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const auto eq = parts[i].find('=');
    if (eq == std::string_view::npos) return wrong(K::FieldNoEquals, std::string(parts[i]));
    std::string key, value;
    if (!unescape(parts[i].substr(0, eq), key) || !unescape(parts[i].substr(eq + 1), value))
      return wrong(K::FieldBadEscape, std::string(parts[i].substr(0, eq)));
    out.fields.emplace_back(std::move(key), std::move(value));
  }
  return std::nullopt;
}

std::string errno_text() {
  return system_reason(errno);
}

}  // namespace

JournalEntry& JournalEntry::set(std::string key, std::string value) {
  for (auto& [k, v] : fields) {
    if (k == key) {
      v = std::move(value);
      return *this;
    }
  }
  fields.emplace_back(std::move(key), std::move(value));
  return *this;
}

std::string JournalEntry::get(std::string_view key) const {
  for (const auto& [k, v] : fields)
    if (k == key) return v;
  return "";
}

bool JournalEntry::has(std::string_view key) const {
  for (const auto& [k, v] : fields)
    if (k == key) return true;
  return false;
}

std::string journal_line(std::uint64_t sequence, const JournalEntry& entry) {
  std::string body = escape(entry.kind);
  for (const auto& [key, value] : entry.fields) body += '\t' + escape(key) + '=' + escape(value);
  return std::to_string(sequence) + '\t' + hex8(crc_of(body)) + '\t' + body + '\n';
}

Result<JournalContents> read_journal(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("journal " + path.string() + ": cannot be opened: " + errno_text());
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const std::string name = path.string();
  return parse_journal({.name = name, .text = text});
}

Result<JournalContents, JournalFault> parse_journal_typed(const JournalText& journal) {
  const std::string_view text = journal.text;
  const std::string_view name = journal.name;
  JournalContents contents;
  contents.name = name;
  std::size_t start = 0;
  std::uint64_t line_number = 1;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {  // the write of the last entry was cut off
      contents.torn_tail = std::string(name) + ": line " + std::to_string(line_number) +
                           ": unfinished entry (" + std::to_string(text.size() - start) +
                           " bytes without a line end) dropped";
      break;
    }
    JournalEntry entry;
    if (auto fault = parse_line(text.substr(start, end - start), line_number, entry)) {
      // Only a last line without its line end is a torn write (the write was cut off). A whole
      // line that does not check is damage wherever it stands: the entry may be a move announced
      // as made, so nothing is dropped and the file is left exactly as it is.
      fault->file = std::string(name);
      fault->line = line_number;
      fault->last = end + 1 == text.size();
      return fail_with(std::move(*fault));
    }
    contents.entries.push_back(std::move(entry));
    contents.valid_bytes = end + 1;
    start = end + 1;
    ++line_number;
  }
  return contents;
}

Result<JournalContents> parse_journal(const JournalText& journal) {
  auto contents = parse_journal_typed(journal);
  if (!contents) return fail(journal_fault_text(contents.error()));
  return std::move(*contents);
}

std::string journal_fault_text(const JournalFault& fault) {
  using K = JournalFault::Kind;
  std::string problem;
  switch (fault.kind) {
    case K::NoSequenceAndChecksum:
      problem = i18n::tr("no sequence number and checksum");
      break;
    case K::ChecksumMismatch:
      problem = i18n::format(i18n::tr("checksum {value} does not match the entry"),
                             {{"value", fault.value}});
      break;
    case K::SequenceWrong:
      problem = i18n::format(
          i18n::tr("sequence number {value} where {expected} was due (an entry is missing)"),
          {{"value", fault.value}, {"expected", std::to_string(fault.expected)}});
      break;
    case K::KindBadEscape:
      problem = i18n::tr("the kind has a bad escape");
      break;
    case K::NoKind:
      problem = i18n::tr("an entry without a kind");
      break;
    case K::FieldNoEquals:
      problem = i18n::format(i18n::tr("field \"{value}\" has no '='"), {{"value", fault.value}});
      break;
    case K::FieldBadEscape:
      problem =
          i18n::format(i18n::tr("field \"{value}\" has a bad escape"), {{"value", fault.value}});
      break;
  }
  // TRANSLATORS: {problem} is what is wrong with the journal's line.
  return i18n::format(
      fault.last ? i18n::tr("journal {file}: line {line}: {problem} (the last entry is whole but "
                            "damaged; nothing was changed: the arbiter decides from the paper "
                            "scoresheets and this file)")
                 : i18n::tr("journal {file}: line {line}: {problem} (the journal is damaged "
                            "before its end; nothing was changed)"),
      {{"file", fault.file}, {"line", std::to_string(fault.line)}, {"problem", problem}});
}

Journal::Journal(int fd, std::filesystem::path path, std::uint64_t next_sequence)
    : fd_(fd), path_(std::move(path)), next_sequence_(next_sequence) {
  reserve_room_ahead(fd_);  // D.2.7: room held for the next entries
}

Journal::Journal(Journal&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      next_sequence_(other.next_sequence_),
      good_size_(other.good_size_),
      cut_pending_(other.cut_pending_),
      waiting_(std::move(other.waiting_)) {}

Journal& Journal::operator=(Journal&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    waiting_ = std::move(other.waiting_);
    next_sequence_ = other.next_sequence_;
    good_size_ = other.good_size_;
    cut_pending_ = other.cut_pending_;
  }
  return *this;
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

// The journal is a file of the record folder: opened relative to it, never through a link,
// created with mode 0640 (app/record_folder.h).
Result<Journal> Journal::create(const std::filesystem::path& path, const JournalEntry& first) {
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail("journal " + path.string() + ": " + folder.error().message);
  // Created exclusively with its first entry, or not at all; the folder is flushed so that the
  // new entry survives a power cut too.
  auto file = folder->create_exclusive(path.filename().string(), journal_line(1, first));
  if (!file) return fail(file.error());
  return Journal(file->release(), path, 2);
}

Result<Journal> Journal::resume(const std::filesystem::path& path, const JournalContents& read) {
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail("journal " + path.string() + ": " + folder.error().message);
  auto file = folder->open_existing(path.filename().string());
  if (!file) return fail(file.error());
  const int fd = file->release();
  if (::ftruncate(fd, static_cast<off_t>(read.valid_bytes)) != 0 || ::fdatasync(fd) != 0) {
    const std::string why = errno_text();
    ::close(fd);
    return fail("journal " + path.string() + ": the torn tail cannot be cut off: " + why);
  }
  return Journal(fd, path, read.entries.size() + 1);
}

Result<std::string> Journal::text_so_far() const {
  if (fd_ < 0) return fail("journal " + path_.string() + ": not open");
  struct stat now {};
  if (::fstat(fd_, &now) != 0)
    return fail("journal " + path_.string() + ": cannot read its length: " + errno_text());
  const auto size =
      cut_pending_ ? good_size_ : static_cast<std::uintmax_t>(std::max<off_t>(now.st_size, 0));
  // The journal is open for appending only: read it back through its own name, never through
  // a link (app/record_folder.h).
  const int in = ::open(path_.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (in < 0) return fail("journal " + path_.string() + ": cannot be read back: " + errno_text());
  std::string text(size, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::pread(in, text.data() + got, text.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = n < 0 ? errno_text() : std::string("it is shorter than written");
      ::close(in);
      return fail("journal " + path_.string() + ": cannot be read back: " + why);
    }
    got += static_cast<std::size_t>(n);
  }
  ::close(in);
  std::uint64_t sequence = next_sequence_;
  for (const auto& entry : waiting_) text += journal_line(sequence++, entry);
  return text;
}

// The file always ends at an entry boundary: an append that fails for any reason (a write cut
// short by a full disk, a failed flush) cuts the file back to the length it had before, so the
// next append neither glues onto a fragment nor repeats a sequence number. A failed flush counts
// as a failed append (the entry is cut off and the same sequence number is used again): the
// station has said RECORD ERROR for it, so the journal must not keep it half-promised.
Status Journal::append(const JournalEntry& entry) {
  waiting_.push_back(entry);
  return flush_waiting();
}

std::vector<std::string> Journal::waiting_lines() const {
  std::vector<std::string> lines;
  std::uint64_t sequence = next_sequence_;
  for (const JournalEntry& entry : waiting_) lines.push_back(journal_line(sequence++, entry));
  return lines;
}

Status Journal::flush_waiting() {
  while (!waiting_.empty()) {
    if (auto written = write_now(waiting_.front()); !written) {
      const std::size_t n = waiting_.size();
      return fail(written.error().message + "; " + std::to_string(n) +
                  (n == 1 ? " entry waits" : " entries wait") +
                  " in memory and will be written when the disk has room again");
    }
    waiting_.pop_front();
  }
  return {};
}

Status Journal::write_now(const JournalEntry& entry) {
  if (fd_ < 0) return fail("journal " + path_.string() + ": not open");
  struct stat before {};
  if (::fstat(fd_, &before) != 0)
    return fail("journal " + path_.string() + ": cannot read its length: " + errno_text());
  if (cut_pending_) {  // an earlier failure could not cut its fragment off: try again first
    if (::ftruncate(fd_, static_cast<off_t>(good_size_)) != 0)
      return fail("journal " + path_.string() + ": ends with the fragment of a failed entry at " +
                  "byte " + std::to_string(good_size_) +
                  " that cannot be cut off: " + errno_text() + "; nothing more is written");
    cut_pending_ = false;
  } else {
    good_size_ = static_cast<std::uintmax_t>(before.st_size);
  }
  // Cuts the file back to good_size_ and says why the entry is not in the journal.
  const auto undo = [this](int error, const std::string& what) -> Status {
    const std::string why = system_reason(error);
    if (::ftruncate(fd_, static_cast<off_t>(good_size_)) != 0) {
      cut_pending_ = true;
      return fail("journal " + path_.string() + ": " + what + ": " + why + " (and the fragment " +
                  "cannot be cut off yet: " + errno_text() + ")");
    }
    return fail("journal " + path_.string() + ": " + what + ": " + why + "; entry " +
                std::to_string(next_sequence_) + " is not in the journal");
  };
  const std::string line = journal_line(next_sequence_, entry);
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0) {
      const int error = errno;
      if (error == EINTR) continue;
      return undo(error, "write failed after " + std::to_string(written) + " of " +
                             std::to_string(line.size()) + " bytes");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fdatasync(fd_) != 0) return undo(errno, "flush to disk failed");
  ++next_sequence_;
  reserve_room_ahead(fd_);  // the next entries find room on a disk that fills up (D.2.7)
  return {};
}

}  // namespace annabella::app
