#include "speech/cue_list.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "speech/crypto.h"

namespace annabella::speech {
namespace {

// A whole non-negative number, every character of it ("12"; not "12x", "", "-1").
std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const auto tab = line.find('\t', start);
    fields.emplace_back(line.substr(start, tab - start));
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  return fields;
}

// "# annabella recording cue list v3: ..." -> 3; 0 when the line does not say.
int header_version(std::string_view line) {
  const auto at = line.find("cue list v");
  if (at == std::string_view::npos) return 0;
  const auto digits = line.substr(at + 10, 1);
  const auto number = whole_number(digits);
  return number ? static_cast<int>(*number) : 0;
}

// One cue line, its fields read.
struct CueLine {
  int file_line = 0;  // 1-based line of the file
  std::string_view text;
  std::vector<std::string> fields;  // seq time first end route kind text digest
  std::int64_t sequence = 0, first = 0, end = 0;
};

struct ParsedList {
  int version = 0;
  std::vector<CueLine> cues;
  std::string torn;  // an unfinished last line, dropped
};

std::string where(std::string_view name, int line) {
  return std::string(name) + ":" + std::to_string(line) + ": ";
}

CueListFault fault_at(CueListFault::Kind kind, std::string_view name, int line) {
  CueListFault fault;
  fault.kind = kind;
  fault.file = std::string(name);
  fault.line = line;
  return fault;
}

// Reads the lines of the cue list `name`: the header's comments, then cue lines with 8 fields
// and whole numbers.
class LineReader {
 public:
  explicit LineReader(std::string_view name) : name_(name) {}
  Result<ParsedList, CueListFault> read(std::string_view text) const;

 private:
  std::string_view name_;
};

Result<ParsedList, CueListFault> LineReader::read(std::string_view text) const {
  const std::string_view name = name_;
  ParsedList list;
  using K = CueListFault::Kind;
  std::size_t from = 0;
  for (int number = 1; from < text.size(); ++number) {
    const auto stop = text.find('\n', from);
    if (stop == std::string_view::npos) {  // a write the station did not finish
      list.torn = where(name, number) + "the last line is unfinished (no line end)";
      break;
    }
    const std::string_view line = text.substr(from, stop - from);
    from = stop + 1;
    // Comments only in the header: a line put in between cue lines is not covered by a digest.
    if (!line.empty() && line[0] == '#') {
      if (!list.cues.empty()) return fail_with(fault_at(K::CommentAfterCues, name, number));
      if (number == 1) list.version = header_version(line);
      continue;
    }
    if (line.empty()) return fail_with(fault_at(K::EmptyLine, name, number));
    CueLine cue{number, line, split_tabs(line)};
    if (cue.fields.size() != 8) return fail_with(fault_at(K::NotEightFields, name, number));
    const auto sequence = whole_number(cue.fields[0]);
    if (!sequence) return fail_with(fault_at(K::SequenceNotWhole, name, number));
    const auto first = whole_number(cue.fields[2]);
    const auto end = whole_number(cue.fields[3]);
    if (!first || !end) return fail_with(fault_at(K::SamplesNotWhole, name, number));
    cue.sequence = *sequence;
    cue.first = *first;
    cue.end = *end;
    list.cues.push_back(std::move(cue));
  }
  return list;
}

// Sequence numbers count 1, 2, 3 ...: a line taken out, copied or moved is named as such.
Result<void, CueListFault> check_sequence(const std::vector<CueLine>& cues, std::string_view name) {
  using K = CueListFault::Kind;
  for (std::size_t i = 0; i < cues.size(); ++i) {
    const auto expected = static_cast<std::int64_t>(i + 1);
    const std::int64_t seen = cues[i].sequence;
    if (seen == expected) continue;
    const bool later = std::any_of(cues.begin() + static_cast<long>(i) + 1, cues.end(),
                                   [&](const CueLine& c) { return c.sequence == expected; });
    const K kind = seen < expected ? K::LineRepeated : later ? K::LinesSwapped : K::LinesMissing;
    CueListFault fault = fault_at(kind, name, cues[i].file_line);
    fault.cue = seen;
    fault.expected = expected;
    return fail_with(std::move(fault));
  }
  return {};
}

std::string add_sentence(std::string text, const std::string& more) {
  return text.empty() ? more : text + "; " + more;
}

// Recomputes the chain line by line.
class ChainCheck {
 public:
  ChainCheck(std::span<const std::int16_t> samples, std::string_view name)
      : samples_(samples), name_(name) {
    check_.last_digest = genesis_digest();
  }

  Result<RecordingCheck, CueListFault> run(ParsedList list) {
    check_.version = list.version;
    check_.torn_tail = std::move(list.torn);
    if (auto ok = check_sequence(list.cues, name_); !ok) return fail_with(ok.error());
    for (std::size_t i = 0; i < list.cues.size(); ++i) {
      const bool last = i + 1 == list.cues.size();
      auto done = step(list.cues[i], last);
      if (!done) return fail_with(done.error());
      if (!*done) break;  // a torn last line
    }
    const auto total = static_cast<std::int64_t>(samples_.size());
    if (next_first_ < total)
      check_.torn_tail = add_sentence(
          check_.torn_tail, std::to_string(total - next_first_) +
                                " samples after the last cue line (audio whose cue line was "
                                "never written)");
    return check_;
  }

 private:
  // Checks one line; false (no error) for a last line whose audio is missing: a torn tail.
  Result<bool, CueListFault> step(const CueLine& cue, bool last) {
    using K = CueListFault::Kind;
    const auto fault = [&](K kind) {
      CueListFault f = fault_at(kind, name_, cue.file_line);
      f.cue = cue.sequence;
      f.first = cue.fields[2];
      f.end = cue.fields[3];
      f.marker = cue.fields[5];
      f.text = cue.fields[6];
      return f;
    };
    if (cue.first != next_first_ || cue.end < cue.first)
      return fail_with(fault(K::SamplesOutOfOrder));
    if (cue.end > static_cast<std::int64_t>(samples_.size())) {
      if (!last) return fail_with(fault(K::NoAudio));
      // The torn tail keeps the line's words for the report (speech/cue_list.h).
      const std::string at = where(name_, cue.file_line);
      const std::string what = "cue line " + cue.fields[0] + " (" + cue.fields[5] + " '" +
                               cue.fields[6] + "') has no audio: samples " + cue.fields[2] + ".." +
                               cue.fields[3] + " are not in the sound file";
      check_.torn_tail = add_sentence(check_.torn_tail, at + what);
      return false;
    }
    const std::string& kind = cue.fields[5];
    // v4: after a cut only the marker of its resumption, which holds no samples.
    const bool resumes =
        check_.interrupted && check_.version >= 4 && kind == kResumedMarker && cue.end == cue.first;
    if (check_.interrupted && !resumes) {
      CueListFault after = fault(K::AfterInterruption);
      after.expected = check_.interrupted->line;
      return fail_with(std::move(after));
    }
    const std::string_view body = cue.text.substr(0, cue.text.rfind('\t'));
    const auto segment = samples_.subspan(static_cast<std::size_t>(cue.first),
                                          static_cast<std::size_t>(cue.end - cue.first));
    std::string digest = chain_digest({check_.last_digest, body, segment});
    if (digest != cue.fields[7]) return fail_with(fault(K::DigestMismatch));
    // A cut marker (cue list v2) holds no samples; v1 lists have none, and verify as before.
    if ((kind == kCutMarker || kind == kHeardMarker) && cue.end != cue.first)
      return fail_with(fault(K::MarkerWithSamples));
    if (kind == kCutMarker) {
      ++check_.cut_markers;
    } else if (kind == kHeardMarker) {
      ++check_.heard_lines;
    } else if (kind == kInterruptedMarker) {
      check_.interrupted =
          CueInterruption{static_cast<int>(cue.sequence), cue.fields[1], cue.fields[6]};
    } else if (resumes) {
      check_.gaps.push_back(CueGap{*std::exchange(check_.interrupted, std::nullopt),
                                   static_cast<int>(cue.sequence), cue.fields[1], cue.fields[6]});
    } else {
      ++check_.phrases;
    }
    ++check_.lines;
    check_.digests.push_back(digest);
    check_.last_digest = std::move(digest);
    next_first_ = cue.end;
    return true;
  }

  std::span<const std::int16_t> samples_;
  std::string_view name_;
  RecordingCheck check_;
  std::int64_t next_first_ = 0;
};

}  // namespace

std::filesystem::path cue_list_path(const std::filesystem::path& audio_path) {
  return audio_path.string() + ".cues.txt";
}

std::string session_time_text(std::chrono::milliseconds since_start) {
  const long long ms = std::max<long long>(0, since_start.count());
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%02lld:%02lld:%02lld.%03lld", ms / 3600000, ms / 60000 % 60,
                ms / 1000 % 60, ms % 1000);
  return buffer;
}

std::string genesis_digest() {
  return std::string(64, '0');
}

std::string chain_digest(const ChainStep& step) {
  Sha256 h;
  h.update(step.previous);
  h.update("\n");
  h.update(step.cue_line);
  h.update("\n");
  h.update_samples_le(step.samples);
  return to_hex(h.finish());
}

std::string_view fault_key(CueListFault::Kind kind) {
  using K = CueListFault::Kind;
  switch (kind) {
    case K::CommentAfterCues:
      return "cue_comment_after_cues";
    case K::EmptyLine:
      return "cue_empty_line";
    case K::NotEightFields:
      return "cue_not_eight_fields";
    case K::SequenceNotWhole:
      return "cue_sequence_not_whole";
    case K::SamplesNotWhole:
      return "cue_samples_not_whole";
    case K::LineRepeated:
      return "cue_line_repeated";
    case K::LinesSwapped:
      return "cue_lines_swapped";
    case K::LinesMissing:
      return "cue_lines_missing";
    case K::SamplesOutOfOrder:
      return "cue_samples_out_of_order";
    case K::NoAudio:
      return "cue_no_audio";
    case K::AfterInterruption:
      return "cue_after_interruption";
    case K::DigestMismatch:
      return "digest_mismatch";
    case K::MarkerWithSamples:
      return "cue_marker_with_samples";
    case K::Unreadable:
      return "recording_unreadable";
  }
  return "digest_mismatch";
}

std::string RecordingCheck::digest_at(int line) const {
  if (line == 0) return genesis_digest();
  if (line < 0 || line > static_cast<int>(digests.size())) return {};
  return digests[static_cast<std::size_t>(line - 1)];
}

Result<RecordingCheck, CueListFault> verify_cue_list(std::string_view cue_list,
                                                     std::span<const std::int16_t> samples,
                                                     std::string_view name) {
  auto parsed = LineReader(name).read(cue_list);
  if (!parsed) return fail_with(parsed.error());
  return ChainCheck(samples, name).run(std::move(*parsed));
}

Result<RecordingFiles> read_recording(const std::filesystem::path& audio_path) {
  auto audio = read_sound_file(audio_path);
  if (!audio) return fail(audio.error());
  RecordingFiles files;
  files.audio = std::move(*audio);
  files.cue_path = cue_list_path(audio_path);
  std::ifstream cues(files.cue_path, std::ios::binary);
  if (!cues) return fail("cannot read the cue list " + files.cue_path.string());
  std::ostringstream text;
  text << cues.rdbuf();
  if (cues.bad()) return fail("cannot read the cue list " + files.cue_path.string());
  files.cue_list = text.str();
  return files;
}

Result<std::string> recording_headers(const std::filesystem::path& audio_path) {
  auto format = sound_file_format(audio_path);
  if (!format) return fail(format.error());
  const auto cue_path = cue_list_path(audio_path);
  std::ifstream cues(cue_path, std::ios::binary);
  if (!cues) return fail("cannot read the cue list " + cue_path.string());
  std::string headers = *format;
  for (std::string line; std::getline(cues, line) && line.starts_with('#');) headers += "; " + line;
  // One line of plain text, as a PGN tag keeps it (a tab would not come back as it was).
  std::replace(headers.begin(), headers.end(), '\t', ' ');
  return headers;
}

Result<RecordingCheck, CueListFault> verify_recording(const std::filesystem::path& audio_path) {
  auto files = read_recording(audio_path);
  if (!files) {
    CueListFault unreadable;
    unreadable.kind = CueListFault::Kind::Unreadable;
    unreadable.file = audio_path.filename().string();
    unreadable.detail = files.error().message;
    return fail_with(std::move(unreadable));
  }
  return verify_cue_list(files->cue_list, files->audio.samples,
                         files->cue_path.filename().string());
}

}  // namespace annabella::speech
