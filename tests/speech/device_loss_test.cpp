// A sound device that fails during the game (a USB sound card or earpiece unplugged) and comes
// back: the announcer says so once, reopens it by name with back-off, says it is back, and plays
// the latest move again (D.2.1: the player must hear the last move) while stale readouts and
// warnings are dropped with a text line. Text lines and the recording go on meanwhile.
//
// Unplugging a real sound card cannot be done on a test machine; PluggableDevice below is the
// stand-in for exactly that, behind the same SinkOpener interface the real PortAudio devices
// use. A real failure through PortAudio and ALSA (an ALSA file sink whose file is /dev/full) is
// tested at the end of this file. Phrases are tones (speech/tone_devices.h).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/portaudio_sink.h"
#include "speech/recorder.h"
#include "speech/tone_devices.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace device_loss_test {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;
constexpr auto kPatience = 60s;  // for waits on other threads: generous on a loaded machine

// A sound card that can be unplugged and plugged back in. While unplugged, writes fail as a
// vanished PortAudio device's do, and opening it fails; every open attempt is timed.
struct PluggableDevice {
  std::mutex mutex;
  std::condition_variable changed;
  bool plugged = true;
  std::vector<Clock::time_point> opens;  // every open attempt, the first at the start
  Samples heard;

  void plug(bool in) {
    std::lock_guard lock(mutex);
    plugged = in;
  }
  // Waits (at most kPatience) until `done()` holds, with the lock held.
  template <class Done>
  bool wait_until(Done done) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kPatience, done);
  }
  // The phrases heard, as {tone value, samples}, without the silence a reopened device is
  // probed with.
  std::vector<std::pair<int, int>> tones() {
    std::lock_guard lock(mutex);
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = 0; i < heard.size(); ++i) {
      if (heard[i] == 0) continue;
      if (i > 0 && heard[i - 1] == heard[i])
        ++out.back().second;
      else
        out.emplace_back(heard[i], 1);
    }
    return out;
  }
  bool heard_tone(int value) {  // with the lock held
    return std::find(heard.begin(), heard.end(), value) != heard.end();
  }
};

class PluggableSink final : public AudioSink {
 public:
  explicit PluggableSink(std::shared_ptr<PluggableDevice> device) : device_(std::move(device)) {}
  const std::string& name() const override { return name_; }
  Status write(std::span<const std::int16_t> samples) override {
    std::lock_guard lock(device_->mutex);
    if (!device_->plugged) return fail("sound device \"USB earpiece\": Unanticipated host error");
    device_->heard.insert(device_->heard.end(), samples.begin(), samples.end());
    device_->changed.notify_all();
    return {};
  }

 private:
  std::shared_ptr<PluggableDevice> device_;
  std::string name_ = "USB earpiece";
};

SinkOpener pluggable_opener(std::shared_ptr<PluggableDevice> device) {
  return [device](std::string_view, int) -> Result<std::unique_ptr<AudioSink>> {
    std::lock_guard lock(device->mutex);
    device->opens.push_back(Clock::now());
    device->changed.notify_all();
    if (!device->plugged) return fail("no output device named \"USB earpiece\"");
    return std::unique_ptr<AudioSink>(new PluggableSink(device));
  };
}

// The sound status lines, as the announcer hands them over (synchronised, unlike the text
// stream, so a test can wait for one).
struct SoundLines {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> lines;

  void add(const std::string& line) {
    {
      std::lock_guard lock(mutex);
      lines.push_back(line);
    }
    changed.notify_all();
  }
  bool wait_for(const std::string& part) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kPatience, [&] { return count_locked(part) > 0; });
  }
  int count(const std::string& part) {
    std::lock_guard lock(mutex);
    return count_locked(part);
  }

 private:
  int count_locked(const std::string& part) {
    return int(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
      return l.find(part) != std::string::npos;
    }));
  }
};

int occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// Both routes on the pluggable device (as `annabella say` and a one-device station have it).
struct Rig {
  std::shared_ptr<PluggableDevice> device = std::make_shared<PluggableDevice>();
  std::shared_ptr<DeviceLog> synthesis = std::make_shared<DeviceLog>();  // never held here
  std::shared_ptr<SoundLines> sound = std::make_shared<SoundLines>();
  std::ostringstream text;  // read only once the announcer is gone
  std::unique_ptr<Announcer> announcer;

  explicit Rig(std::chrono::milliseconds first_wait, std::chrono::milliseconds longest_wait,
               std::filesystem::path recording = {}) {
    Announcer::Settings settings;
    settings.public_device = "USB earpiece";
    settings.private_device = "none";
    settings.text = &text;
    settings.recording = std::move(recording);
    settings.reopen_first_wait = first_wait;
    settings.reopen_longest_wait = longest_wait;
    auto lines = sound;
    settings.on_sound_line = [lines](Clock::time_point, const std::string& line) {
      lines->add(line);
    };
    // The typed report, written as a line: "link lost public private silent".
    settings.on_sound_link = [lines](Clock::time_point, const SoundLink& link) {
      lines->add(std::string("link ") + (link.lost ? "lost" : "back") +
                 (link.public_route ? " public" : "") + (link.private_route ? " private" : "") +
                 (link.private_speech ? " speaking" : " silent"));
    };
    auto started = Announcer::start(fixtures::profile("fide"), settings,
                                    std::make_unique<ToneSynthesizer>(synthesis),
                                    pluggable_opener(device), Clock::now());
    EXPECT_TRUE(started);
    if (started) announcer = std::move(*started);
  }
  void say(Phrase p, Route r = Route::Public) {
    announcer->announce(std::move(p), r, Clock::now());
  }
};

TEST(DeviceLoss, TheDeviceIsReopenedAndTheLatestMoveIsPlayedAgain) {
  ::annabella::testing::TempDir dir;
  std::string text;
  std::vector<Clock::time_point> opens;
  {
    Rig rig(10ms, 80ms, dir / "game.wav");
    ASSERT_TRUE(rig.announcer);
    rig.say(tone(PhraseKind::Move, 1, 3000));
    rig.announcer->wait_until_idle();

    rig.device->plug(false);
    rig.say(tone(PhraseKind::Move, 2, 3000));  // its first write fails
    ASSERT_TRUE(rig.sound->wait_for("failed"));
    rig.announcer->wait_until_idle();  // returns while the device is away
    // While away: a later move, then a readout and a warning (stale by the time the device is
    // back) and a message.
    rig.say(tone(PhraseKind::Move, 5, 3000));
    rig.say(tone(PhraseKind::Readout, 3, 3000), Route::Private);
    rig.say(tone(PhraseKind::Warning, 4, 3000, "low_time.white"), Route::Private);
    rig.say(tone(PhraseKind::Message, 6, 3000));
    // Enough failed attempts to see the back-off reach its longest wait.
    ASSERT_TRUE(rig.device->wait_until([&] { return rig.device->opens.size() >= 7; }));
    EXPECT_EQ(rig.sound->count("is back"), 0);

    rig.device->plug(true);
    ASSERT_TRUE(rig.device->wait_until([&] { return rig.device->heard_tone(6); }));
    rig.announcer->wait_until_idle();
    EXPECT_EQ(rig.device->tones(),
              (std::vector<std::pair<int, int>>{{1, 3000}, {5, 3000}, {6, 3000}}));
    EXPECT_EQ(rig.announcer->sound_problems(),
              std::vector<std::string>{"sound device \"USB earpiece\": Unanticipated host error"});
    {
      std::lock_guard lock(rig.device->mutex);
      opens = rig.device->opens;
    }
    rig.announcer.reset();
    text = rig.text.str();
  }

  // Said once each, naming the route, the device and what failed.
  EXPECT_EQ(occurrences(text,
                        "sound: the public and private device 'USB earpiece' failed "
                        "(sound device \"USB earpiece\": Unanticipated host error); moves "
                        "go on as text and into the recording; trying to reopen it\n"),
            1)
      << text;
  EXPECT_EQ(occurrences(text, "sound: the public and private device 'USB earpiece' is back\n"), 1)
      << text;
  EXPECT_EQ(occurrences(text, "failed"), 1) << text;
  // What was not played, and why.
  EXPECT_NE(text.find("sound: not played on the public and private device 'USB earpiece': move "
                      "'tone 2 3000' (a later move came while it was away)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("sound: dropped on the public and private device 'USB earpiece': readout "
                      "'tone 3 3000' (stale after the device was away)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("dropped on the public and private device 'USB earpiece': warning "
                      "'tone 4 3000'"),
            std::string::npos)
      << text;
  // Every phrase still has its text line and is in the recording.
  for (const char* line :
       {"public move: tone 2 3000", "public move: tone 5 3000", "private readout: tone 3 3000",
        "private warning: tone 4 3000", "public message: tone 6 3000"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  auto check = verify_recording(dir / "game.wav");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 6);

  // No busy loop: each attempt waited at least as long as the back-off says (10 ms doubling,
  // at most 80 ms). opens[0] is the start, opens[1] the first reopening attempt.
  ASSERT_GE(opens.size(), 8u);
  for (std::size_t i = 2; i < opens.size(); ++i) {
    const auto wait = std::min(10ms * (1 << std::min<std::size_t>(i - 1, 10)), 80ms);
    EXPECT_GE(opens[i] - opens[i - 1], wait) << "attempt " << i;
  }
}

TEST(DeviceLoss, ADeviceThatComesBackWithNothingToPlayIsSaidToBeBack) {
  Rig rig(10ms, 20ms);
  ASSERT_TRUE(rig.announcer);
  rig.device->plug(false);
  rig.say(tone(PhraseKind::Readout, 3, 3000), Route::Private);  // fails; stale on return
  ASSERT_TRUE(rig.sound->wait_for("failed"));
  rig.device->plug(true);
  ASSERT_TRUE(rig.sound->wait_for("is back"));
  ASSERT_TRUE(rig.sound->wait_for("dropped"));
  rig.say(tone(PhraseKind::Move, 7, 3000));  // and it plays again
  ASSERT_TRUE(rig.device->wait_until([&] { return rig.device->heard_tone(7); }));
  rig.announcer->wait_until_idle();
  EXPECT_EQ(rig.device->tones(), (std::vector<std::pair<int, int>>{{7, 3000}}));
  EXPECT_EQ(rig.sound->count("failed"), 1);
  EXPECT_EQ(rig.sound->count("is back"), 1);
}

// D.2.11: the station learns, typed, that the device of both routes is lost (no private speech
// remains: the VI player is told on his braille display) and that it is back.
TEST(DeviceLoss, TheLossAndTheReturnAreReportedTypedWithThePrivateRoutesState) {
  Rig rig(10ms, 20ms);
  ASSERT_TRUE(rig.announcer);
  rig.device->plug(false);
  rig.say(tone(PhraseKind::Move, 3, 3000));
  ASSERT_TRUE(rig.sound->wait_for("link lost"));
  EXPECT_EQ(rig.sound->count("link lost public private silent"), 1);
  rig.device->plug(true);
  ASSERT_TRUE(rig.sound->wait_for("link back"));
  EXPECT_EQ(rig.sound->count("link back public private speaking"), 1);
}

// The announcer stops at once while a device is away: the back-off wait (an hour here) is
// interrupted, and nothing waits for the device.
TEST(DeviceLoss, StoppingDoesNotWaitForADeviceThatIsAway) {
  Rig rig(1h, 1h);
  ASSERT_TRUE(rig.announcer);
  rig.device->plug(false);
  rig.say(tone(PhraseKind::Move, 2, 3000));
  ASSERT_TRUE(rig.sound->wait_for("failed"));
  rig.announcer->wait_until_idle();
  const auto before = Clock::now();
  rig.announcer.reset();
  EXPECT_LT(Clock::now() - before, kPatience);  // not the hour of the back-off
  EXPECT_EQ(rig.device->opens.size(), 1u);      // no attempt: the first was an hour away
  EXPECT_NE(rig.text.str().find("sound: the public and private device 'USB earpiece' did not "
                                "come back; phrases not played on it: 1"),
            std::string::npos)
      << rig.text.str();
}

// A real failure through PortAudio and ALSA: an ALSA file sink writing to /dev/full (through a
// symbolic link), so that every write of PortAudio's stream fails ("No space left on device")
// as an unplugged card's would. Removing the link brings the device back: the sink then writes
// to a new file, and the announcer's reopening through PortAudio finds it playing again.
TEST(DeviceLoss, ARealPortAudioDeviceThatFailsAndComesBack) {
  ::annabella::testing::TempDir dir;
  const auto out = dir / "speaker.raw";
  std::filesystem::create_symlink("/dev/full", out);
  const auto conf = dir / "asound.conf";
  std::ofstream(conf) << "pcm.!default { type file slave { pcm { type null } } file \""
                      << out.string() << "\" format \"raw\" }\n";
  ::setenv("ALSA_CONFIG_PATH", conf.c_str(), 1);  // this process only (one test a process)

  const Vocabulary v = fixtures::profile("fide");
  const core::Position start;
  const Phrase move = phrase_for_move(v, start, fixtures::move(start, "e4"));
  auto sound = std::make_shared<SoundLines>();
  Announcer::Settings settings;
  settings.public_device = "default";
  settings.private_device = "none";
  settings.reopen_first_wait = 10ms;
  settings.reopen_longest_wait = 80ms;
  settings.on_sound_line = [sound](Clock::time_point, const std::string& line) {
    sound->add(line);
  };
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  // The real opener, counted, so that the test sees attempts on the full device fail.
  auto device = std::make_shared<PluggableDevice>();
  SinkOpener counted = [device](std::string_view name,
                                int rate) -> Result<std::unique_ptr<AudioSink>> {
    {
      std::lock_guard lock(device->mutex);
      device->opens.push_back(Clock::now());
    }
    device->changed.notify_all();
    return open_portaudio_sink(name, rate);
  };
  auto announcer = Announcer::start(v, settings, std::move(*synth), counted, Clock::now());
  ASSERT_TRUE(announcer) << announcer.error().message;
  ASSERT_TRUE((*announcer)->sound_problems().empty()) << (*announcer)->sound_problems().front();
  (*announcer)->announce(move, Route::Public, Clock::now());
  ASSERT_TRUE(sound->wait_for("failed"));
  // Reopening works on the full device, but the announcer's first write (a little silence)
  // fails: it is not back yet.
  ASSERT_TRUE(device->wait_until([&] { return device->opens.size() >= 4; }));
  EXPECT_EQ(sound->count("is back"), 0);
  std::filesystem::remove(out);  // plugged back in
  ASSERT_TRUE(sound->wait_for("is back"));
  (*announcer)->wait_until_idle();
  announcer->reset();

  EXPECT_EQ(sound->count("sound: the public and private device 'default' failed ("), 1);
  EXPECT_EQ(sound->count("is back"), 1);
  const std::string bytes = ::annabella::testing::read_file(out);
  std::size_t loud = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2)
    loud += std::abs(int(std::int16_t(std::uint16_t(std::uint8_t(bytes[i])) |
                                      std::uint16_t(std::uint8_t(bytes[i + 1]) << 8)))) > 200;
  EXPECT_GT(loud, 11025u / 5) << "the move was played again after the device came back";
}

}  // namespace
}  // namespace device_loss_test
}  // namespace annabella::speech
