// A synthetic recording for the seal tests (D.2.7): one phrase a text, a few samples each, with
// its cue list and digest chain as the recorder writes them; no eSpeak, no child process.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "speech/cue_list.h"
#include "speech/sound_file.h"

namespace annabella::testing {

inline void write_recording(const std::filesystem::path& wav,
                            const std::vector<std::string>& texts) {
  speech::Samples audio;
  std::string cues = "# annabella recording cue list v3: audio " + wav.filename().string() +
                     ", 22050 Hz mono 16-bit\n";
  std::string digest = speech::genesis_digest();
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const speech::Samples samples(200, static_cast<std::int16_t>(100 * (i + 1)));
    const std::string body = std::to_string(i + 1) + "\t0:00:0" + std::to_string(i) + ".000\t" +
                             std::to_string(audio.size()) + "\t" +
                             std::to_string(audio.size() + samples.size()) + "\tpublic\tmove\t" +
                             texts[i];
    digest = speech::chain_digest({digest, body, samples});
    cues += body + "\t" + digest + "\n";
    audio.insert(audio.end(), samples.begin(), samples.end());
  }
  auto writer = speech::SoundFileWriter::create(wav, 22050);
  ASSERT_TRUE(writer);
  ASSERT_TRUE((*writer)->write(audio));
  std::ofstream(speech::cue_list_path(wav)) << cues;
}

}  // namespace annabella::testing
