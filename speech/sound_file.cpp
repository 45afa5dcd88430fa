// The libsndfile adapter: the only file that includes libsndfile.
#include "speech/sound_file.h"

#include <fcntl.h>
#include <sndfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace annabella::speech {

Result<int> open_record_file(const std::filesystem::path& path, int access) {
  const std::filesystem::path folder = path.parent_path().empty() ? "." : path.parent_path();
  const std::string name = path.filename().string();
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return fail(path.string() + ": " + std::strerror(errno));
  struct stat st {};
  const bool link =
      ::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
  const int fd =
      link ? -1
           : ::openat(dir, name.c_str(), access | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0640);
  const int error = errno;
  ::close(dir);
  if (link || (fd < 0 && error == ELOOP))
    return fail(path.string() +
                " is a symbolic link; a record's files are never written "
                "through a link (docs/record.md): remove the link");
  if (fd < 0) return fail(path.string() + ": " + std::strerror(error));
  ::fchmod(fd, 0640);  // whatever the umask took away
  return fd;
}

Result<std::unique_ptr<SoundFileWriter>> SoundFileWriter::create(const std::filesystem::path& path,
                                                                 int sample_rate_hz) {
  const auto ext = path.extension().string();
  SF_INFO info{};
  info.samplerate = sample_rate_hz;
  info.channels = 1;
  if (ext == ".wav" || ext == ".WAV") {
    info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  } else if (ext == ".flac" || ext == ".FLAC") {
    info.format = SF_FORMAT_FLAC | SF_FORMAT_PCM_16;
  } else {
    return fail("sound file " + path.string() + ": the name must end in .wav or .flac");
  }
  // Read and write: libsndfile rewrites the header as the file grows.
  auto fd = open_record_file(path, O_RDWR);
  if (!fd) return fail("cannot write sound file " + fd.error().message);
  const int own = ::fcntl(*fd, F_DUPFD_CLOEXEC, 0);            // kept for resume_at
  SNDFILE* file = sf_open_fd(*fd, SFM_WRITE, &info, SF_TRUE);  // closes the descriptor
  if (!file) {
    std::string why = sf_strerror(nullptr);
    if (!why.empty() && why.back() == '.') why.pop_back();  // the caller's sentence goes on
    if (own >= 0) ::close(own);
    // No half-made file is left (a full disk took none or a part of its header): a sound file
    // no player reads would only puzzle whoever checks the record (D.2.7).
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    return fail("cannot write sound file " + path.string() + ": " + why);
  }
  sf_command(file, SFC_SET_UPDATE_HEADER_AUTO, nullptr, SF_TRUE);
  // A WAV file's samples follow its header: its length before the first sample.
  std::int64_t data_offset = -1;
  struct stat st {};
  if (own >= 0 && (info.format & SF_FORMAT_TYPEMASK) == SF_FORMAT_WAV &&
      sf_command(file, SFC_UPDATE_HEADER_NOW, nullptr, 0) == 0 && ::fstat(own, &st) == 0 &&
      st.st_size > 0)
    data_offset = st.st_size;
  return std::unique_ptr<SoundFileWriter>(new SoundFileWriter(file, path, {own, data_offset}));
}

SoundFileWriter::~SoundFileWriter() {
  if (file_) sf_close(static_cast<SNDFILE*>(file_));
  if (fd_ >= 0) ::close(fd_);
}

Status SoundFileWriter::resume_at(std::int64_t samples) {
  if (data_offset_ < 0 || fd_ < 0)
    return fail("sound file " + path_.string() + ": only a WAV recording can go on after a gap");
  const int again = ::fcntl(fd_, F_DUPFD_CLOEXEC, 0);
  if (again < 0) return fail("sound file " + path_.string() + ": " + std::strerror(errno));
  // The old handle first (its header rewrite may fail on a full disk: the header is written
  // again below), then the file cut back to the samples the cue list covers.
  if (file_) sf_close(static_cast<SNDFILE*>(file_));
  file_ = nullptr;
  if (::ftruncate(fd_, static_cast<off_t>(data_offset_ + samples * 2)) != 0 ||
      ::lseek(again, 0, SEEK_SET) != 0) {
    const std::string why = std::strerror(errno);
    ::close(again);
    return fail("sound file " + path_.string() + ": cannot cut it back: " + why);
  }
  SF_INFO info{};
  SNDFILE* file = sf_open_fd(again, SFM_RDWR, &info, SF_TRUE);  // closes `again`
  if (!file) return fail("sound file " + path_.string() + ": " + sf_strerror(nullptr));
  sf_command(file, SFC_SET_UPDATE_HEADER_AUTO, nullptr, SF_TRUE);
  if (sf_seek(file, samples, SEEK_SET | SFM_WRITE) != samples) {
    sf_close(file);
    return fail("sound file " + path_.string() + ": cannot go on after sample " +
                std::to_string(samples));
  }
  file_ = file;
  written_ = samples;
  return {};
}

Status SoundFileWriter::write(std::span<const std::int16_t> samples) {
  auto* file = static_cast<SNDFILE*>(file_);
  if (!file) return fail("writing sound file " + path_.string() + ": it could not be opened again");
  const auto n = sf_write_short(file, samples.data(), sf_count_t(samples.size()));
  written_ += n;
  if (n != sf_count_t(samples.size()))
    return fail("writing sound file " + path_.string() + ": " + sf_strerror(file));
  sf_write_sync(file);
  return {};
}

namespace {

// Reads a sound file's first channel; `header_ok` may refuse it from its header, before a sample
// is read (the file is opened once).
template <typename HeaderCheck>
Result<SoundFileContents> read_first_channel(const std::filesystem::path& path,
                                             HeaderCheck header_ok) {
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return fail("cannot read sound file " + path.string() + ": " + sf_strerror(nullptr));
  if (auto ok = header_ok(info); !ok) {
    sf_close(file);
    return fail(ok.error());
  }
  SoundFileContents contents;
  contents.sample_rate_hz = info.samplerate;
  Samples frames(std::size_t(info.frames) * std::size_t(info.channels));
  const auto n = sf_readf_short(file, frames.data(), info.frames);
  sf_close(file);
  contents.samples.reserve(std::size_t(n));
  for (sf_count_t i = 0; i < n; ++i)
    contents.samples.push_back(frames[std::size_t(i) * std::size_t(info.channels)]);
  return contents;
}

}  // namespace

Result<SoundFileContents> read_sound_file(const std::filesystem::path& path) {
  return read_first_channel(path, [](const SF_INFO&) { return Status{}; });
}

Result<SoundFileContents> read_speech_file(const std::filesystem::path& path) {
  // A header is outside bytes: a rate no microphone gives (1 Hz made `listen` resample a 28 KB
  // file into gigabytes, tester 15-7) or more channels than a sound card has is refused before a
  // sample is read.
  return read_first_channel(path, [&](const SF_INFO& info) -> Status {
    if (info.samplerate >= kMinSpeechRateHz && info.samplerate <= kMaxSpeechRateHz &&
        info.channels >= 1 && info.channels <= kMaxSpeechChannels)
      return {};
    return fail("sound file " + path.string() + ": its header says " +
                std::to_string(info.samplerate) + " Hz and " + std::to_string(info.channels) +
                " channels; speech to be heard has " + std::to_string(kMinSpeechRateHz) + " to " +
                std::to_string(kMaxSpeechRateHz) + " Hz and 1 to " +
                std::to_string(kMaxSpeechChannels) + " channels");
  });
}

Result<std::string> sound_file_format(const std::filesystem::path& path) {
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return fail("cannot read sound file " + path.string() + ": " + sf_strerror(nullptr));
  sf_close(file);
  std::array<char, 16> code{};
  std::snprintf(code.data(), code.size(), "%#x", static_cast<unsigned>(info.format));
  return std::string("format ") + code.data() + ", " + std::to_string(info.samplerate) + " Hz, " +
         std::to_string(info.channels) + (info.channels == 1 ? " channel" : " channels");
}

}  // namespace annabella::speech
