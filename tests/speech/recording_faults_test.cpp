// The recording after faults (D.2.7; issue 11, section 3), with real failures in child
// processes:
//  - a full disk: RLIMIT_FSIZE makes the kernel refuse to grow a file past a size (EFBIG, as a
//    full disk refuses with ENOSPC), with SIGXFSZ ignored as a daemon would;
//  - a kill between a phrase's audio and its cue line: the child stops itself at that point
//    (the recorder's after_audio seam) and the test kills it with SIGKILL; and kills at random
//    moments.
// In each case the recording must verify: cut where the write failed, with an `interrupted`
// marker inside the chain, or with a torn tail; never called tampered.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include "speech/announcer.h"
#include "speech/cue_list.h"
#include "speech/fixtures.h"
#include "speech/recorder.h"
#include "speech/tone_devices.h"
#include "support/file_size_limit.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace recording_faults_test {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;
using ::annabella::testing::read_file;

// Runs `body` in a child process (the test process has no other threads) and returns its exit
// status, or -1 when it did not exit normally.
template <class Body>
int in_child(Body body) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(body());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A full disk during the game: the recording is cut where the write failed, an `interrupted`
// marker in the chain says so, the failure is said once through the sound-line callback, and
// the recording verifies (before: nothing was said, and the check called the partly written
// phrase's audio "samples after the last cue line").
TEST(RecordingFaults, AFullDiskCutsTheRecordingWithAMarkerAndIsSaidOnce) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "announcements.wav";
  // Each phrase: 250 ms of silence (5512 samples) and 10000 samples of tone, 31024 bytes. The
  // third phrase's audio fails part way.
  constexpr std::uintmax_t kRoom = 44 + 2 * 31024 + 10000;
  const int status = in_child([&] {
    const ::annabella::testing::FileSizeLimit full_disk(kRoom);
    if (!full_disk.ok()) return 10;
    std::mutex lines_mutex;
    std::ofstream lines(dir / "sound_lines.txt");
    std::ofstream anchor_file(dir / "anchor.txt");
    Announcer::Settings settings;
    settings.sound = false;
    settings.recording = wav;
    settings.on_sound_line = [&](Clock::time_point, const std::string& line) {
      std::lock_guard lock(lines_mutex);
      lines << line << '\n' << std::flush;
    };
    settings.on_seal = [&](const RecordingAnchor& a, const std::string&) {
      anchor_file << a.cue_lines << ' ' << a.interrupted << ' ' << a.digest << '\n' << std::flush;
    };
    auto announcer = Announcer::start(
        fixtures::profile("fide"), settings,
        std::make_unique<ToneSynthesizer>(std::make_shared<DeviceLog>()), nullptr, Clock::now());
    if (!announcer) return 11;
    for (int value = 1; value <= 6; ++value)
      (*announcer)->announce(tone(PhraseKind::Move, value, 10000), Route::Public, Clock::now());
    (*announcer)->seal("end");
    (*announcer)->wait_until_idle();
    return 0;
  });
  ASSERT_EQ(status, 0);

  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 2);
  EXPECT_EQ(check->lines, 3);
  ASSERT_TRUE(check->interrupted);
  EXPECT_EQ(check->interrupted->line, 3);
  EXPECT_NE(check->interrupted->text.find("recording interrupted: writing sound file"),
            std::string::npos)
      << check->interrupted->text;
  EXPECT_EQ(check->torn_tail, "");  // the marker covers what the failed write left
  const std::string cues = read_file(cue_list_path(wav));
  EXPECT_NE(cues.find("\tpublic\tinterrupted\trecording interrupted: "), std::string::npos) << cues;

  const std::string lines = read_file(dir / "sound_lines.txt");
  EXPECT_EQ(count(lines, "recording: "), 1) << lines;  // said once, not for phrases 4 to 6
  EXPECT_NE(lines.find("recording: the recording announcements.wav was cut after cue line 2"),
            std::string::npos)
      << lines;
  // The seal covers the marker.
  std::istringstream anchor(read_file(dir / "anchor.txt"));
  int sealed_lines = 0, interrupted = 0;
  std::string digest;
  anchor >> sealed_lines >> interrupted >> digest;
  EXPECT_EQ(sealed_lines, 3);
  EXPECT_EQ(interrupted, 1);
  EXPECT_EQ(digest, check->last_digest);
}

// A recording that cannot be created (a full disk at the start): Recorder::create fails and
// leaves neither the sound file nor its cue list (before, a WAV header cut short, which no
// player reads, or a header without its cue list); an announcer told to go on without it starts,
// says why in recording_problem(), and records nothing while the disk is full. Once there is
// room, the recording begins with the gap marked as after any cut (tester 14j): `interrupted`
// (why it could not be created), `resumed` (the phrases not recorded), then the phrases. Under
// 20 bytes a file (no whole WAV header) and 100 (the header, not the cue list's).
TEST(RecordingFaults, ARecordingThatCannotBeCreatedLeavesNoFileAndBeginsOnceThereIsRoom) {
  for (const std::uintmax_t room : {20, 100}) {
    SCOPED_TRACE("file size limit " + std::to_string(room) + " bytes");
    ::annabella::testing::TempDir dir;
    const auto wav = dir / "announcements-2.wav";
    const int status = in_child([&] {
      std::optional<::annabella::testing::FileSizeLimit> full_disk;
      full_disk.emplace(room);
      if (!full_disk->ok()) return 10;
      if (Recorder::create(wav, 22050)) return 11;  // the disk took it all?
      if (std::filesystem::exists(wav) || std::filesystem::exists(cue_list_path(wav))) return 12;
      Announcer::Settings settings;
      settings.sound = false;
      settings.recording = wav;
      if (Announcer::start(fixtures::profile("fide"), settings,
                           std::make_unique<ToneSynthesizer>(std::make_shared<DeviceLog>()),
                           nullptr, Clock::now()))
        return 13;  // a recording asked for is required unless said otherwise
      settings.without_recording_if_it_fails = true;
      auto announcer = Announcer::start(
          fixtures::profile("fide"), settings,
          std::make_unique<ToneSynthesizer>(std::make_shared<DeviceLog>()), nullptr, Clock::now());
      if (!announcer) return 14;
      if ((*announcer)->recording_problem().find("announcements-2.wav") == std::string::npos)
        return 15;
      for (int value = 1; value <= 2; ++value)
        (*announcer)->announce(tone(PhraseKind::Move, value, 1000), Route::Public, Clock::now());
      (*announcer)->wait_until_idle();
      if (!(*announcer)->recording_digest().empty()) return 16;
      if (std::filesystem::exists(wav) || std::filesystem::exists(cue_list_path(wav))) return 17;
      full_disk.reset();  // room again
      for (int value = 3; value <= 5; ++value)
        (*announcer)->announce(tone(PhraseKind::Move, value, 1000), Route::Public, Clock::now());
      (*announcer)->wait_until_idle();
      return 0;
    });
    ASSERT_EQ(status, 0);
    auto check = verify_recording(wav);
    ASSERT_TRUE(check) << fault_key(check.error().kind);
    EXPECT_FALSE(check->interrupted);
    EXPECT_EQ(check->phrases, 3);
    EXPECT_EQ(check->lines, 5);
    ASSERT_EQ(check->gaps.size(), 1u);
    const CueGap& gap = check->gaps.front();
    EXPECT_EQ(gap.cut.line, 1);
    EXPECT_NE(gap.cut.text.find("could not be created"), std::string::npos) << gap.cut.text;
    EXPECT_EQ(gap.line, 2);
    EXPECT_NE(gap.text.find("2 phrases said from"), std::string::npos) << gap.text;
    EXPECT_EQ(check->torn_tail, "");
  }
}

// The cue list cannot be written (its file reached the limit) while the audio can: the phrase's
// audio is in the sound file without its line, which is a torn tail, not tampering; when there
// is room again, the `interrupted` marker goes in and covers those samples.
TEST(RecordingFaults, ACueListThatCannotBeWrittenIsATornTailUntilItsMarkerGoesIn) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "r.wav";
  // At 8 Hz the gap is 2 samples: a phrase is a few bytes of audio and ~100 bytes of cue line.
  const int status = in_child([&] {
    std::unique_ptr<Recorder> recorder;
    const Samples audio = {1, 2, 3, 4};
    int recorded = 0;
    {
      const ::annabella::testing::FileSizeLimit full_disk(520);
      if (!full_disk.ok()) return 10;
      auto created = Recorder::create(wav, 8);
      if (!created) return 11;
      recorder = std::move(*created);
      std::string failure;
      for (int i = 0; i < 10 && failure.empty(); ++i) {
        auto digest = recorder->record(std::chrono::seconds(i), "public", "move", "tone", audio);
        if (digest)
          ++recorded;
        else
          failure = digest.error().message;
      }
      if (recorded == 0 || failure.find("cannot write the cue list") == std::string::npos)
        return 12;
      // Before room returns: a torn tail.
      auto torn = verify_recording(wav);
      if (!torn || torn->lines != recorded || torn->interrupted ||
          torn->torn_tail.find("6 samples after the last cue line") == std::string::npos)
        return 13;
    }
    // Room again (the limit is lifted): the next call writes the marker, then resumes the
    // recording (tester 14j: before, it recorded nothing more, for good).
    if (!recorder->record(std::chrono::seconds(20), "public", "move", "later", audio)) return 15;
    const auto anchor = recorder->anchor();
    return anchor.cue_lines == recorded + 3 && !anchor.interrupted ? recorded : 16;
  });
  ASSERT_GT(status, 0);
  ASSERT_LT(status, 10);
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_FALSE(check->interrupted);
  ASSERT_EQ(check->gaps.size(), 1u);
  const CueGap& gap = check->gaps.front();
  EXPECT_EQ(gap.cut.line, status + 1);  // the marker covers the phrase's samples
  EXPECT_NE(gap.cut.text.find("cannot write the cue list"), std::string::npos);
  EXPECT_EQ(gap.line, status + 2);
  EXPECT_EQ(gap.time, "00:00:20.000");
  EXPECT_NE(gap.text.find("1 phrase said from"), std::string::npos) << gap.text;
  EXPECT_EQ(check->lines, status + 3);
  EXPECT_EQ(check->torn_tail, "");
  EXPECT_NE(read_file(cue_list_path(wav)).find("\tlater\t"), std::string::npos);
}

// Tester 14j: the sound file itself hits a full disk: the recording is cut (its marker covers
// what the failed write left), phrases said while the disk is full are lost, and once there is
// room the recording goes on in the same file after a `resumed` marker that says how many
// phrases, from when to when, are missing; the whole verifies. Before, the recording stopped
// for good at the first failed write.
TEST(RecordingFaults, TheRecordingResumesWhenThereIsRoomAgainWithItsGapMarked) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "r.wav";
  // At 8 Hz: a phrase is 2 samples of silence and 300 of tone, 604 bytes; the third phrase's
  // audio fails part way, while the cue list (a few hundred bytes) still has room.
  constexpr std::uintmax_t kRoom = 44 + 2 * 604 + 100;
  const int status = in_child([&] {
    const Samples audio(300, 1000);
    std::unique_ptr<Recorder> recorder;
    {
      const ::annabella::testing::FileSizeLimit full_disk(kRoom);
      if (!full_disk.ok()) return 10;
      auto created = Recorder::create(wav, 8);
      if (!created) return 11;
      recorder = std::move(*created);
      for (int i = 1; i <= 5; ++i) {
        const bool kept = static_cast<bool>(recorder->record(
            std::chrono::seconds(i), "public", "move", "tone " + std::to_string(i), audio));
        if (kept != (i <= 2)) return 20 + i;
      }
    }
    for (int i = 6; i <= 7; ++i)
      if (!recorder->record(std::chrono::seconds(i), "public", "move", "tone " + std::to_string(i),
                            audio))
        return 30 + i;
    return 0;
  });
  ASSERT_EQ(status, 0);
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind) << "\n" << read_file(cue_list_path(wav));
  EXPECT_EQ(check->version, 4);
  EXPECT_FALSE(check->interrupted);
  ASSERT_EQ(check->gaps.size(), 1u);
  const CueGap& gap = check->gaps.front();
  EXPECT_EQ(gap.cut.line, 3);
  EXPECT_EQ(gap.cut.time, "00:00:03.000");
  EXPECT_EQ(gap.line, 4);
  EXPECT_EQ(gap.time, "00:00:06.000");
  EXPECT_NE(gap.text.find("3 phrases said from 00:00:03.000 to 00:00:06.000 not recorded"),
            std::string::npos)
      << gap.text;
  EXPECT_EQ(check->phrases, 4);  // tone 1, 2, 6, 7
  EXPECT_EQ(check->lines, 6);
  EXPECT_EQ(check->torn_tail, "");
  const std::string cues = read_file(cue_list_path(wav));
  EXPECT_EQ(cues.find("tone 4"), std::string::npos) << cues;
  EXPECT_NE(cues.find("\ttone 7\t"), std::string::npos) << cues;
}

// Records tone phrases until killed; at `stop_before_line` it stops itself after the phrase's
// audio is on the disk and before its cue line (0: never).
[[noreturn]] void record_until_killed(const std::filesystem::path& wav, int stop_before_line,
                                      int ready_fd) {
  Recorder::Options options;
  options.after_audio = [&](int sequence) {
    if (sequence == stop_before_line) ::raise(SIGSTOP);
  };
  auto recorder = Recorder::create(wav, 22050, options);
  if (!recorder) ::_exit(10);
  if (ready_fd >= 0 && ::write(ready_fd, "r", 1) != 1) ::_exit(11);
  for (int i = 1;; ++i) {
    const Samples audio(static_cast<std::size_t>(1000 + (i % 7) * 300),
                        static_cast<std::int16_t>(i));
    if (!(*recorder)->record(std::chrono::milliseconds(i * 10), "public", "move",
                             "tone " + std::to_string(i), audio))
      ::_exit(12);
  }
}

// kill -9 exactly between a phrase's audio and its cue line: the recording verifies, the
// phrase's audio is reported as a torn tail (before: "samples after the last cue line" made the
// check fail, as if the recording had been tampered with).
TEST(RecordingFaults, AKillBetweenTheAudioAndItsCueLineLeavesATornTailNotTampering) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "game.wav";
  const pid_t pid = ::fork();
  if (pid == 0) record_until_killed(wav, 4, -1);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, WUNTRACED), pid);
  ASSERT_TRUE(WIFSTOPPED(status));  // at the seam: line 4's audio written, its line not
  ::kill(pid, SIGKILL);
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status));

  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->lines, 3);
  EXPECT_FALSE(check->interrupted);
  EXPECT_NE(check->torn_tail.find("samples after the last cue line (audio whose cue line was "
                                  "never written)"),
            std::string::npos)
      << check->torn_tail;
}

// kill -9 at random moments of a recording: every time, what is on the disk verifies.
TEST(RecordingFaults, KilledAtRandomMomentsTheRecordingAlwaysVerifies) {
  std::mt19937 random(20261123);
  int torn = 0;
  for (int trial = 0; trial < 20; ++trial) {
    ::annabella::testing::TempDir dir;
    const auto wav = dir / "game.wav";
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(ready[0]);
      record_until_killed(wav, 0, ready[1]);
    }
    ::close(ready[1]);
    char byte = 0;
    ASSERT_EQ(::read(ready[0], &byte, 1), 1);  // the files exist
    ::close(ready[0]);
    std::this_thread::sleep_for(std::chrono::microseconds(random() % 30000));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    auto check = verify_recording(wav);
    ASSERT_TRUE(check) << "trial " << trial << ": " << fault_key(check.error().kind);
    torn += !check->torn_tail.empty();
  }
  std::cout << "torn tails: " << torn << " of 20 kills\n";
}

}  // namespace
}  // namespace recording_faults_test
}  // namespace annabella::speech
