#include "speech/recorder.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "speech/sha256.h"

namespace annabella::speech {
namespace {

const std::string kGenesis(64, '0');

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return out;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const auto tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return fields;
}

}  // namespace

std::string session_time_text(std::chrono::milliseconds since_start) {
  const long long ms = std::max<long long>(0, since_start.count());
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%02lld:%02lld:%02lld.%03lld", ms / 3600000, ms / 60000 % 60,
                ms / 1000 % 60, ms % 1000);
  return buffer;
}

std::string chain_digest(std::string_view previous, std::string_view cue_line,
                         std::span<const std::int16_t> samples) {
  Sha256 h;
  h.update(previous);
  h.update("\n");
  h.update(cue_line);
  h.update("\n");
  std::uint8_t bytes[2];
  for (std::int16_t s : samples) {
    const auto u = static_cast<std::uint16_t>(s);
    bytes[0] = std::uint8_t(u & 0xFF);
    bytes[1] = std::uint8_t(u >> 8);
    h.update(bytes, 2);
  }
  return Sha256::hex(h.finish());
}

std::filesystem::path Recorder::cue_path(const std::filesystem::path& audio_path) {
  return audio_path.string() + ".cues.txt";
}

Result<std::unique_ptr<Recorder>> Recorder::create(const std::filesystem::path& audio_path,
                                                   int sample_rate_hz) {
  auto audio = SoundFileWriter::create(audio_path, sample_rate_hz);
  if (!audio) return fail(audio.error());
  auto cue_fd = open_record_file(cue_path(audio_path));  // no link followed, mode 0640
  if (!cue_fd) return fail("cannot write the cue list " + cue_fd.error().message);
  std::FILE* cues = ::fdopen(*cue_fd, "w");
  if (!cues) {
    ::close(*cue_fd);
    return fail("cannot write the cue list " + cue_path(audio_path).string());
  }
  std::fprintf(cues,
               "# annabella recording cue list v2: audio %s, %d Hz mono 16-bit\n"
               "# digest = SHA-256(previous digest, cue line, samples); see docs/speech.md\n"
               "# seq\ttime\tfirst_sample\tend_sample\troute\tkind\ttext\tdigest\n",
               audio_path.filename().c_str(), sample_rate_hz);
  std::fflush(cues);
  return std::unique_ptr<Recorder>(new Recorder(std::move(*audio), cues, sample_rate_hz));
}

Recorder::Recorder(std::unique_ptr<SoundFileWriter> audio, std::FILE* cues, int sample_rate_hz)
    : audio_(std::move(audio)), cues_(cues), sample_rate_hz_(sample_rate_hz), digest_(kGenesis) {}

Recorder::~Recorder() {
  std::fclose(cues_);
}

Result<std::string> Recorder::record(std::chrono::milliseconds at, std::string_view route,
                                     std::string_view kind, std::string_view text,
                                     std::span<const std::int16_t> audio) {
  Samples segment(std::size_t(sample_rate_hz_ * kGap.count() / 1000), 0);
  segment.insert(segment.end(), audio.begin(), audio.end());
  const std::int64_t first = audio_->samples_written();
  if (auto ok = audio_->write(segment); !ok) return fail(ok.error());
  return append_line(at, route, kind, text, first, audio_->samples_written(), segment);
}

Result<std::string> Recorder::mark(std::chrono::milliseconds at, std::string_view route,
                                   std::string_view kind, std::string_view text) {
  const std::int64_t end = audio_->samples_written();
  return append_line(at, route, kind, text, end, end, {});
}

std::string Recorder::append_line(std::chrono::milliseconds at, std::string_view route,
                                  std::string_view kind, std::string_view text, std::int64_t first,
                                  std::int64_t end, std::span<const std::int16_t> samples) {
  std::ostringstream line;
  line << ++sequence_ << '\t' << session_time_text(at) << '\t' << first << '\t' << end << '\t'
       << one_line(route) << '\t' << one_line(kind) << '\t' << one_line(text);
  digest_ = chain_digest(digest_, line.str(), samples);
  std::fprintf(cues_, "%s\t%s\n", line.str().c_str(), digest_.c_str());
  std::fflush(cues_);
  return digest_;
}

namespace {

// A whole non-negative number, every character of it ("12"; not "12x", "", "-1").
std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

}  // namespace

Result<RecordingCheck> verify_cue_list(std::string_view cue_list,
                                       std::span<const std::int16_t> samples,
                                       std::string_view name) {
  RecordingCheck check;
  std::string previous = kGenesis;
  std::int64_t expected_first = 0;
  int line_number = 0;
  bool in_header = true;
  std::size_t from = 0;
  while (from < cue_list.size()) {
    std::size_t stop = cue_list.find('\n', from);
    if (stop == std::string_view::npos) stop = cue_list.size();
    const std::string line(cue_list.substr(from, stop - from));
    from = stop + 1;
    ++line_number;
    const auto where = std::string(name) + ":" + std::to_string(line_number) + ": ";
    // Comments only in the header: a line put in between cue lines is not covered by a digest.
    if (!line.empty() && line[0] == '#') {
      if (!in_header) return fail(where + "a comment line after the first cue line");
      continue;
    }
    if (line.empty()) return fail(where + "an empty line");
    in_header = false;
    const auto fields = split_tabs(line);
    if (fields.size() != 8) return fail(where + "expected 8 tab-separated fields");
    const auto first = whole_number(fields[2]);
    const auto end = whole_number(fields[3]);
    if (!first || !end) return fail(where + "the sample numbers are not whole numbers");
    if (*first != expected_first || *end < *first || *end > std::int64_t(samples.size()))
      return fail(where + "the samples " + fields[2] + ".." + fields[3] +
                  " do not follow on or are missing from the sound file");
    const std::string body = line.substr(0, line.rfind('\t'));
    const auto segment = samples.subspan(std::size_t(*first), std::size_t(*end - *first));
    const std::string digest = chain_digest(previous, body, segment);
    if (digest != fields[7])
      return fail(where + "digest mismatch: the cue line or its audio has been changed");
    // A cut marker (cue list v2) holds no samples; v1 lists have none, and verify as before.
    const bool marker = fields[5] == Recorder::kCutMarker;
    if (marker && *end != *first) return fail(where + "a cut marker must not hold samples");
    previous = digest;
    expected_first = *end;
    ++(marker ? check.cut_markers : check.phrases);
  }
  if (expected_first != std::int64_t(samples.size()))
    return fail("the sound file holds " +
                std::to_string(std::int64_t(samples.size()) - expected_first) +
                " samples after the last cue line (not covered by any digest)");
  check.last_digest = previous;
  return check;
}

Result<RecordingCheck> verify_recording(const std::filesystem::path& audio_path) {
  auto audio = read_sound_file(audio_path);
  if (!audio) return fail(audio.error());
  const auto cue_path = Recorder::cue_path(audio_path);
  std::ifstream cues(cue_path, std::ios::binary);
  if (!cues) return fail("cannot read the cue list " + cue_path.string());
  std::ostringstream text;
  text << cues.rdbuf();
  return verify_cue_list(text.str(), audio->samples, cue_path.filename().string());
}

}  // namespace annabella::speech
