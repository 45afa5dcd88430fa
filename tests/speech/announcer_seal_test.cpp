// The announcer's side of the recording's seal (D.2.7): Announcer::seal() hands the recording's
// state to Settings::on_seal once everything announced before it is recorded; nothing announced
// after it passes it; a readout being cut off before it has its cut-off mark first.
//
// The first test runs the real path: eSpeak NG -> announcer -> PortAudio -> an ALSA file sink
// (this process's ALSA configuration, one test file a process), with the recording. The queue
// tests use the tone synthesizer and the holding sink (tests/speech/tone_devices.h), so that a
// phrase can be held while others are queued behind it.
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "speech/announcer.h"
#include "speech/cue_list.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/portaudio_sink.h"
#include "speech/tone_devices.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace announcer_seal_test {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;

// What on_seal handed back (on the speech thread).
struct SealBox {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<std::pair<RecordingAnchor, std::string>> seals;

  auto callback() {
    return [this](const RecordingAnchor& anchor, const std::string& label) {
      {
        std::lock_guard lock(mutex);
        seals.emplace_back(anchor, label);
      }
      arrived.notify_all();
    };
  }
  std::optional<std::pair<RecordingAnchor, std::string>> wait(std::size_t count = 1) {
    std::unique_lock lock(mutex);
    if (!arrived.wait_for(lock, 10s, [&] { return seals.size() >= count; })) return std::nullopt;
    return seals[count - 1];
  }
};

std::vector<std::string> cue_lines(const std::filesystem::path& wav) {
  std::vector<std::string> lines;
  std::ifstream in(cue_list_path(wav));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

TEST(AnnouncerSeal, TheSealCoversEverythingAnnouncedBeforeItOnTheRealAlsaPath) {
  ::annabella::testing::TempDir dir;
  const auto played = dir / "speaker.raw";
  const auto conf = dir / "asound.conf";
  std::ofstream(conf) << "pcm.!default { type file slave { pcm { type null } } file \""
                      << played.string() << "\" format \"raw\" }\n";
  ::setenv("ALSA_CONFIG_PATH", conf.c_str(), 1);  // this process only (one test file a process)

  const auto wav = dir / "announcements.wav";
  SealBox box;
  Announcer::Settings settings;
  settings.public_device = "default";
  settings.private_device = "none";
  settings.recording = wav;
  settings.on_seal = box.callback();
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  const Vocabulary v = fixtures::profile("fide");
  auto announcer =
      Announcer::start(v, settings, std::move(*synth), open_portaudio_sink, Clock::now());
  ASSERT_TRUE(announcer) << announcer.error().message;
  ASSERT_TRUE((*announcer)->sound_problems().empty());  // the ALSA file sink is a device
  core::Position pos;
  const auto say = [&](const char* san) {
    const auto m = fixtures::move(pos, san);
    (*announcer)->announce(phrase_for_move(v, pos, m), Route::Public, Clock::now());
    pos.play(m);
  };
  say("e4");
  say("e5");
  say("Nf3");
  (*announcer)->seal("adjourn");
  say("Nc6");  // after the seal: not covered by it
  const auto sealed = box.wait();
  ASSERT_TRUE(sealed);
  (*announcer)->wait_until_idle();
  announcer->reset();

  EXPECT_EQ(sealed->second, "adjourn");
  EXPECT_EQ(sealed->first.file, wav);
  EXPECT_EQ(sealed->first.cue_lines, 3);
  EXPECT_FALSE(sealed->first.interrupted);
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->lines, 4);
  EXPECT_EQ(check->digest_at(3), sealed->first.digest);  // the anchor is the chain's
  EXPECT_NE(cue_lines(wav)[2].find("\tpublic\tmove\tSpringer Felix drei\t"), std::string::npos);
  // And the moves were played on the device.
  EXPECT_GT(std::filesystem::file_size(played), 4u * 22050u);
}

struct ToneRig {
  std::shared_ptr<DeviceLog> device = std::make_shared<DeviceLog>();
  std::shared_ptr<DeviceLog> synthesis = std::make_shared<DeviceLog>();
  SealBox box;
  std::unique_ptr<Announcer> announcer;

  explicit ToneRig(const std::filesystem::path& recording) {
    Announcer::Settings settings;
    settings.public_device = "earpiece";
    settings.private_device = "earpiece";
    settings.recording = recording;
    settings.on_seal = box.callback();
    auto dev = device;
    auto a = Announcer::start(
        fixtures::profile("fide"), settings, std::make_unique<ToneSynthesizer>(synthesis),
        [dev](std::string_view, int) -> Result<std::unique_ptr<AudioSink>> {
          return std::unique_ptr<AudioSink>(new LogSink(dev));
        },
        Clock::now());
    EXPECT_TRUE(a);
    announcer = std::move(*a);
  }
  void say(Phrase p, Route r = Route::Public) {
    announcer->announce(std::move(p), r, Clock::now());
  }
};

TEST(AnnouncerSeal, AMoveAnnouncedAfterTheSealDoesNotGoAheadOfIt) {
  ::annabella::testing::TempDir dir;
  ToneRig rig(dir / "game.wav");
  rig.synthesis->hold();
  rig.say(tone(PhraseKind::Message, 1, 3000));
  rig.synthesis->wait_for_a_held_write();  // the speech thread holds phrase 1
  rig.say(tone(PhraseKind::Message, 2, 3000));
  rig.announcer->seal("end");
  rig.say(tone(PhraseKind::Move, 3, 3000));  // a move goes ahead of waiting messages, not seals
  rig.synthesis->release();
  const auto sealed = rig.box.wait();
  ASSERT_TRUE(sealed);
  rig.announcer->wait_until_idle();
  EXPECT_EQ(sealed->first.cue_lines, 2);
  const auto lines = cue_lines(dir / "game.wav");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("\tmessage\ttone 2 3000\t"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("\tmove\ttone 3 3000\t"), std::string::npos) << lines[2];
  // The move still went ahead of the message on the device (the queue rules there are
  // unchanged): the device's queue does not hold seals.
  const auto runs = rig.device->runs();
  const auto at = [&](int value) {
    return std::find_if(runs.begin(), runs.end(), [&](auto r) { return r.first == value; });
  };
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_LT(at(3), at(2));
}

// D.2.7: a readout cut off by a move just before the seal is marked in the cue list, and the
// seal covers that mark, however late the player notices the cut.
TEST(AnnouncerSeal, ASealWaitsForTheCutOffMarkOfAReadoutBeforeIt) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "game.wav";
  ToneRig rig(wav);
  rig.device->hold();
  rig.say(tone(PhraseKind::Readout, 1, 50000), Route::Private);
  rig.device->wait_for_a_held_write();       // the readout is playing, its write held
  rig.say(tone(PhraseKind::Move, 2, 3000));  // cuts the readout off
  rig.announcer->seal("end");
  // The move is recorded while the device still holds the readout's write: the player has not
  // seen the cut yet, so its mark is not written.
  for (int i = 0; i < 2000 && cue_lines(wav).size() < 2; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(cue_lines(wav).size(), 2u);
  std::this_thread::sleep_for(20ms);  // time for a seal that did not wait to go through
  rig.device->release();
  const auto sealed = rig.box.wait();
  ASSERT_TRUE(sealed);
  rig.announcer->wait_until_idle();
  const auto lines = cue_lines(wav);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[2].find("\tcut\tphrase 1 cut off by a move"), std::string::npos) << lines[2];
  EXPECT_EQ(sealed->first.cue_lines, 3);  // the mark is inside the seal
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->digest_at(3), sealed->first.digest);
}

// D.2.1, D.2.7: what the microphone heard is a `heard` line in the cue list, in order with the
// phrases (a move does not pass it), inside the seal, and the recording verifies.
TEST(AnnouncerSeal, AHeardNoteIsAMarkerLineInOrderAndInsideTheSeal) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "game.wav";
  ToneRig rig(wav);
  rig.synthesis->hold();
  rig.say(tone(PhraseKind::Message, 1, 3000));
  rig.synthesis->wait_for_a_held_write();
  rig.announcer->note(std::string(kHeardMarker), "move Nf3 g1f3 \"springer felix drei\" 90%",
                      Clock::now());
  rig.say(tone(PhraseKind::Move, 2, 3000));  // the repetition: after what was heard
  rig.announcer->seal("end");
  rig.synthesis->release();
  const auto sealed = rig.box.wait();
  ASSERT_TRUE(sealed);
  rig.announcer->wait_until_idle();
  const auto lines = cue_lines(wav);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("\tmicrophone\theard\tmove Nf3 g1f3"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("\tmove\ttone 2 3000\t"), std::string::npos) << lines[2];
  EXPECT_EQ(sealed->first.cue_lines, 3);
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->heard_lines, 1);
  EXPECT_EQ(check->phrases, 2);
  EXPECT_EQ(check->digest_at(3), sealed->first.digest);
}

TEST(AnnouncerSeal, WithoutARecordingTheSealSaysThereIsNone) {
  ToneRig rig({});
  rig.say(tone(PhraseKind::Move, 1, 300));
  rig.announcer->seal("end");
  const auto sealed = rig.box.wait();
  ASSERT_TRUE(sealed);
  EXPECT_TRUE(sealed->first.file.empty());
  EXPECT_EQ(sealed->first.cue_lines, 0);
}

}  // namespace
}  // namespace announcer_seal_test
}  // namespace annabella::speech
