// The real sound path: eSpeak NG -> announcer -> PortAudio -> ALSA, into ALSA file sinks (one
// file per device, docs/platform notes), for both routes. Checks that what reached each device
// is speech of the expected length (non-silent, within 2% of a separate synthesis).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/portaudio_sink.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace portaudio_route_test {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;

// Two ALSA devices that write what they play to files: "default" (the public speaker) and
// "earpiece". Set up once per process, before PortAudio first starts.
struct AlsaFileSinks {
  ::annabella::testing::TempDir dir;
  std::filesystem::path speaker = dir / "speaker.raw", earpiece = dir / "earpiece.raw";
  AlsaFileSinks() {
    const auto conf = dir / "asound.conf";
    std::ofstream(conf) << "pcm.!default { type file slave { pcm { type null } } file \""
                        << speaker.string() << "\" format \"raw\" }\n"
                        << "pcm.earpiece { type file slave { pcm { type null } } file \""
                        << earpiece.string() << "\" format \"raw\" }\n";
    ::setenv("ALSA_CONFIG_PATH", conf.c_str(), 1);
  }
  void clear() {
    std::filesystem::remove(speaker);
    std::filesystem::remove(earpiece);
  }
};

AlsaFileSinks& sinks() {
  static AlsaFileSinks instance;
  return instance;
}

Samples read_raw(const std::filesystem::path& path) {
  const std::string bytes = ::annabella::testing::read_file(path);
  Samples samples(bytes.size() / 2);
  for (std::size_t i = 0; i < samples.size(); ++i)
    samples[i] = std::int16_t(std::uint16_t(std::uint8_t(bytes[2 * i])) |
                              std::uint16_t(std::uint8_t(bytes[2 * i + 1]) << 8));
  return samples;
}

double rms(const Samples& s) {
  double sum = 0;
  for (auto x : s) sum += double(x) * x;
  return s.empty() ? 0 : std::sqrt(sum / double(s.size()));
}

std::size_t synthesized_length(const std::string& spoken, const Vocabulary& v) {
  auto synth = EspeakSynthesizer::create();
  EXPECT_TRUE(synth);
  std::size_t n = 0;
  EXPECT_TRUE((*synth)->synthesize(spoken, {v.voice(), v.rate()}, [&](auto s) {
    n += s.size();
    return true;
  }));
  return n;
}

void expect_speech(const Samples& heard, std::size_t expected, const char* what) {
  ASSERT_GT(expected, 11025u) << what;  // at least half a second of speech
  EXPECT_NEAR(double(heard.size()), double(expected), 0.02 * double(expected)) << what;
  EXPECT_GT(rms(heard), 300.0) << what;
  std::size_t loud = 0;
  for (auto x : heard) loud += std::abs(int(x)) > 200;
  EXPECT_GT(double(loud) / double(heard.size() + 1), 0.2) << what;
}

struct Heard {
  std::ostringstream text;
  std::vector<std::string> problems;
};

void play(Heard& run, const std::string& public_device, const std::string& private_device,
          const std::vector<std::pair<Phrase, Route>>& phrases) {
  Announcer::Settings settings;
  settings.public_device = public_device;
  settings.private_device = private_device;
  settings.text = &run.text;
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  auto announcer = Announcer::start(fixtures::profile("fide"), settings, std::move(*synth),
                                    open_portaudio_sink, Clock::now());
  ASSERT_TRUE(announcer) << announcer.error().message;
  for (const auto& [phrase, route] : phrases) (*announcer)->announce(phrase, route, Clock::now());
  (*announcer)->wait_until_idle();
  run.problems = (*announcer)->sound_problems();
}

TEST(PortAudioRoutes, DevicesAreListedByName) {
  sinks();
  const auto devices = portaudio_output_devices();
  EXPECT_NE(std::find(devices.begin(), devices.end(), "default"), devices.end());
  EXPECT_NE(std::find(devices.begin(), devices.end(), "earpiece"), devices.end());
  auto missing = open_portaudio_sink("loudspeaker", 22050);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("earpiece"), std::string::npos) << missing.error().message;
}

TEST(PortAudioRoutes, EachRouteReachesItsDevice) {
  sinks().clear();
  const Vocabulary v = fixtures::profile("fide");
  const core::Position start;
  const Phrase move = phrase_for_move(v, start, fixtures::move(start, "Nf3"));
  const Phrase readout = phrase_time_readout(v, 1h + 12min + 5s, 58min, 23);
  Heard run;
  play(run, "default", "earpiece", {{move, Route::Public}, {readout, Route::Private}});
  EXPECT_TRUE(run.problems.empty());
  expect_speech(read_raw(sinks().speaker), synthesized_length(move.spoken, v), "public");
  expect_speech(read_raw(sinks().earpiece), synthesized_length(readout.spoken, v), "private");
}

TEST(PortAudioRoutes, BothRoutesOnOneDevice) {
  sinks().clear();
  const Vocabulary v = fixtures::profile("fide");
  const Phrase end =
      phrase_game_end(v, {core::GameResult::Draw, core::Termination::Stalemate, "Art. 5.2.1", ""});
  const Phrase warning = phrase_low_time(v, core::BLACK, 4min);
  Heard run;
  play(run, "default", "none", {{end, Route::Public}, {warning, Route::Private}});
  EXPECT_TRUE(run.problems.empty());
  expect_speech(read_raw(sinks().speaker),
                synthesized_length(end.spoken, v) + synthesized_length(warning.spoken, v),
                "one device");
  EXPECT_FALSE(std::filesystem::exists(sinks().earpiece));
}

TEST(PortAudioRoutes, AMissingDeviceIsSaidOnce) {
  sinks().clear();
  const Vocabulary v = fixtures::profile("fide");
  const core::Position start;
  Heard run;
  play(run, "Lautsprecher", "earpiece",
       {{phrase_for_move(v, start, fixtures::move(start, "e4")), Route::Public},
        {phrase_for_move(v, start, fixtures::move(start, "d4")), Route::Public}});
  ASSERT_EQ(run.problems.size(), 1u);
  const std::string text = run.text.str();
  EXPECT_NE(text.find("Kein Tonausgabegeraet: no output device named \"Lautsprecher\""),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("public move: Eva vier"), std::string::npos) << text;
  EXPECT_NE(text.find("public move: David vier"), std::string::npos) << text;
}

}  // namespace
}  // namespace portaudio_route_test
}  // namespace annabella::speech
