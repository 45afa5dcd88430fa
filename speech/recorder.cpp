#include "speech/recorder.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

namespace annabella::speech {
namespace {

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return out;
}

std::string system_error(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

}  // namespace

Result<std::unique_ptr<Recorder>> Recorder::create(const std::filesystem::path& audio_path,
                                                   int sample_rate_hz, Options options) {
  auto audio = SoundFileWriter::create(audio_path, sample_rate_hz);
  if (!audio) return fail(audio.error());
  const auto cues = cue_path(audio_path);
  // A recording not made whole leaves neither file (a full disk): a sound file without its cue
  // list, or a list without its header, is nothing `recording verify` could explain (D.2.7).
  std::error_code ignored;
  auto cue_fd = open_record_file(cues);  // no link followed, mode 0640
  if (!cue_fd) {
    audio->reset();
    std::filesystem::remove(audio_path, ignored);
    return fail("cannot write the cue list " + cue_fd.error().message);
  }
  const int fd = *cue_fd;
  std::unique_ptr<Recorder> recorder(
      new Recorder(audio_path, std::move(*audio), sample_rate_hz, std::move(options), fd));
  std::ostringstream header;
  header << "# annabella recording cue list v4: audio " << audio_path.filename().string() << ", "
         << sample_rate_hz << " Hz mono 16-bit\n"
         << "# digest = SHA-256(previous digest, cue line, samples); see docs/speech.md\n"
         << "# seq\ttime\tfirst_sample\tend_sample\troute\tkind\ttext\tdigest\n";
  if (auto ok = recorder->write_cue_line(header.str()); !ok) {
    recorder.reset();
    std::filesystem::remove(audio_path, ignored);
    std::filesystem::remove(cues, ignored);
    return fail(ok.error());
  }
  return recorder;
}

Recorder::Recorder(std::filesystem::path audio_path, std::unique_ptr<SoundFileWriter> audio,
                   int sample_rate_hz, Options options, int cue_fd)
    : audio_path_(std::move(audio_path)),
      audio_(std::move(audio)),
      cue_fd_(cue_fd),
      sample_rate_hz_(sample_rate_hz),
      options_(std::move(options)),
      digest_(genesis_digest()) {}

Recorder::~Recorder() {
  ::close(cue_fd_);
}

Result<std::string> Recorder::record(std::chrono::milliseconds at, std::string_view route,
                                     std::string_view kind, std::string_view text,
                                     std::span<const std::int16_t> audio) {
  Samples segment(static_cast<std::size_t>(sample_rate_hz_ * kGap.count() / 1000), 0);
  segment.insert(segment.end(), audio.begin(), audio.end());
  if (!cut_reason_.empty()) return resume(at, route, kind, text, segment);
  // The audio first, flushed to the disk; then its cue line. A stop in between leaves audio
  // without a cue line: a torn tail, never a line without its audio.
  const std::int64_t first = audio_->samples_written();
  if (auto ok = audio_->write(segment); !ok) {
    // What the failed write left in the file is covered by the marker.
    const auto kept = static_cast<std::size_t>(audio_->samples_written() - first);
    cut(ok.error().message,
        Marker{at,
               std::string(route),
               {},
               Samples(segment.begin(), segment.begin() + static_cast<long>(kept))});
    return not_recorded();
  }
  if (options_.after_audio) options_.after_audio(sequence_ + 1);
  if (auto ok = append_line(at, route, kind, text, segment); !ok) {
    cut(ok.error().message, Marker{at, std::string(route), {}, std::move(segment)});
    return not_recorded();
  }
  return digest_;
}

Result<std::string> Recorder::mark(std::chrono::milliseconds at, std::string_view route,
                                   std::string_view kind, std::string_view text) {
  if (!cut_reason_.empty()) {
    write_pending_marker();
    return not_recorded();
  }
  if (auto ok = append_line(at, route, kind, text, {}); !ok) {
    cut(ok.error().message, Marker{at, std::string(route), {}, {}});
    return not_recorded();
  }
  return digest_;
}

// Tester 14j: the recording goes on when there is room again. The cut's marker goes in first;
// then the sound file is cut back to what the cue list covers and this phrase's audio written
// after it; then a `resumed` marker (no samples) says what was not recorded, and the phrase's
// own line follows. Any step that fails leaves the recording cut, the phrase counted as lost.
Result<std::string> Recorder::resume(std::chrono::milliseconds at, std::string_view route,
                                     std::string_view kind, std::string_view text,
                                     std::span<const std::int16_t> segment) {
  write_pending_marker();
  ++lost_;  // this phrase, unless it is recorded below
  if (pending_ || !audio_->resume_at(cued_end_) || !audio_->write(segment)) return not_recorded();
  std::ostringstream gap;
  gap << "recording resumed: " << lost_ - 1 << (lost_ - 1 == 1 ? " phrase" : " phrases")
      << " said from " << session_time_text(cut_time_) << " to " << session_time_text(at)
      << " not recorded (" << cut_reason_ << ")";
  if (!append_line(at, route, kResumedMarker, gap.str(), {})) return not_recorded();
  if (options_.after_audio) options_.after_audio(sequence_ + 1);
  if (auto ok = append_line(at, route, kind, text, segment); !ok) {
    lost_ = 0;
    cut(ok.error().message,
        Marker{at, std::string(route), {}, Samples(segment.begin(), segment.end())});
    return not_recorded();
  }
  lost_ = 0;
  cut_reason_.clear();
  cut_at_.clear();
  return digest_;
}

RecordingAnchor Recorder::anchor() {
  write_pending_marker();
  return {audio_path_, sequence_, digest_, !cut_reason_.empty()};
}

Status Recorder::append_line(std::chrono::milliseconds at, std::string_view route,
                             std::string_view kind, std::string_view text,
                             std::span<const std::int16_t> samples) {
  const std::int64_t end = cued_end_ + static_cast<std::int64_t>(samples.size());
  std::ostringstream line;
  line << sequence_ + 1 << '\t' << session_time_text(at) << '\t' << cued_end_ << '\t' << end << '\t'
       << one_line(route) << '\t' << one_line(kind) << '\t' << one_line(text);
  std::string digest = chain_digest({digest_, line.str(), samples});
  if (auto ok = write_cue_line(line.str() + '\t' + digest + '\n'); !ok) return ok;
  ++sequence_;
  digest_ = std::move(digest);
  cued_end_ = end;
  return {};
}

// Writes whole lines and flushes them to the disk; on any failure the cue list is cut back to
// its last whole line, so that it never ends in a fragment the station wrote.
Status Recorder::write_cue_line(const std::string& line) {
  std::size_t done = 0;
  while (done < line.size()) {
    const auto n = ::pwrite(cue_fd_, line.data() + done, line.size() - done,
                            static_cast<off_t>(cue_size_ + static_cast<std::int64_t>(done)));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      const std::string error =
          system_error("cannot write the cue list " + cue_path(audio_path_).string());
      if (::ftruncate(cue_fd_, static_cast<off_t>(cue_size_)) != 0) {
        // Nothing more can be done: the check reports the fragment as an unfinished line.
      }
      return fail(error);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fdatasync(cue_fd_) != 0) {
    const std::string error =
        system_error("cannot flush the cue list " + cue_path(audio_path_).string());
    if (::ftruncate(cue_fd_, static_cast<off_t>(cue_size_)) != 0) {
      // As above.
    }
    return fail(error);
  }
  cue_size_ += static_cast<std::int64_t>(line.size());
  return {};
}

void Recorder::cut(std::string reason, Marker marker) {
  cut_reason_ = std::move(reason);
  cut_time_ = marker.at;
  lost_ = 1;  // the phrase whose write failed
  cut_at_ = sequence_ == 0 ? "before its first cue line"
                           : "after cue line " + std::to_string(sequence_) + " (" +
                                 session_time_text(marker.at) + ")";
  marker.text = "recording interrupted: " + cut_reason_ +
                "; nothing more is recorded until there is room again (a `resumed` line then "
                "says what is missing)";
  pending_ = std::make_unique<Marker>(std::move(marker));
  write_pending_marker();
}

// The marker goes in as soon as the cue list can take it (a full disk may have room again).
void Recorder::write_pending_marker() {
  if (!pending_) return;
  if (append_line(pending_->at, pending_->route, kInterruptedMarker, pending_->text,
                  pending_->samples))
    pending_.reset();
}

Failure<Error> Recorder::not_recorded() const {
  return fail("the recording " + audio_path_.filename().string() + " was cut " + cut_at_ + ": " +
              cut_reason_ + "; announcements go on as text lines");
}

}  // namespace annabella::speech
