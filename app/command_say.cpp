// annabella say / annabella hear: the announcer's words from the command line.
#include <fstream>
#include <ostream>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/move_text.h"
#include "app/recording_check.h"
#include "core/notation.h"
#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/move_parser.h"
#include "speech/portaudio_sink.h"

namespace annabella::app {
namespace {

struct Setup {
  speech::Vocabulary vocabulary;
  core::Position position;
};

Result<Setup> set_up(const std::string& fen, const std::string& profile) {
  auto vocabulary = speech::Vocabulary::load(profile);
  if (!vocabulary) return fail(vocabulary.error());
  auto position = core::Position::from_fen(fen.empty() ? core::kStartFen : fen);
  if (!position) return fail(text::fen_error(position.error()));
  return Setup{std::move(*vocabulary), *position};
}

}  // namespace

int run_say(const SayOptions& options, std::ostream& out, std::ostream& err) {
  auto setup = set_up(options.fen, options.profile);
  if (!setup) {
    err << "annabella say: " << setup.error().message << '\n';
    return 2;
  }
  const speech::Vocabulary& v = setup->vocabulary;
  core::Position pos = setup->position;
  const speech::MoveParser parser(v);
  const speech::MoveWording wording{
      options.long_form ? speech::MoveForm::Long : speech::MoveForm::Short, false};

  std::unique_ptr<speech::Announcer> announcer;
  if (!options.silent || !options.wav.empty()) {
    auto synth = speech::EspeakSynthesizer::create();
    if (!synth) {
      err << "annabella say: " << synth.error().message << '\n';
      return 2;
    }
    speech::Announcer::Settings settings;
    settings.sound = !options.silent;
    settings.public_device = options.device;
    settings.private_device = "none";
    settings.recording = options.wav;
    auto started =
        speech::Announcer::start(v, settings, std::move(*synth), speech::open_portaudio_sink,
                                 speech::Announcer::Clock::now());
    if (!started) {
      err << "annabella say: " << started.error().message << '\n';
      return 2;
    }
    announcer = std::move(*started);
    for (const auto& problem : announcer->sound_problems())  // said once (no sound device)
      err << "annabella say: " << speech::phrase_no_sound(v, problem).text << '\n';
  }

  int exit_code = 0;
  for (std::size_t i = 0; i < options.moves.size(); ++i) {
    auto move = parser.parse(pos, options.moves[i]);
    if (!move) {
      err << "annabella say: move " << i + 1 << ": "
          << text::heard_move_error(move.error(), options.moves[i], pos) << '\n';
      exit_code = 1;
      break;
    }
    const speech::Phrase phrase = speech::phrase_for_move(v, pos, *move, wording);
    out << phrase.text << '\n' << std::flush;
    if (announcer)
      announcer->announce(phrase, speech::Route::Public, speech::Announcer::Clock::now());
    pos.play(*move);
  }
  if (announcer) announcer->wait_until_idle();
  return exit_code;
}

int run_hear(const HearOptions& options, std::ostream& out, std::ostream& err) {
  auto setup = set_up(options.fen, options.profile);
  if (!setup) {
    err << "annabella hear: " << setup.error().message << '\n';
    return 2;
  }
  const speech::MoveParser parser(setup->vocabulary);
  auto move = parser.parse(setup->position, options.phrase);
  if (!move) {
    err << "annabella hear: "
        << text::heard_move_error(move.error(), options.phrase, setup->position) << '\n';
    return 1;
  }
  out << core::to_san(setup->position, *move) << ' ' << core::to_uci(*move) << '\n';
  return 0;
}

int run_recording_verify(const RecordingVerifyOptions& options, std::ostream& out,
                         std::ostream& err) {
  const RecordingReport report =
      check_recording({options.file, options.journal, options.pgn, options.code, options.keys,
                       options.key_list, options.unsealed_ok});
  if (options.json)
    out << recording_report_json(report, options.file);
  else
    for (const auto& line : report.lines()) out << line << '\n';
  // The problem is said to people on standard error as well (the JSON holds it too).
  if (report.problem) err << "annabella recording verify: " << report.problem_text() << '\n';
  return report.exit_code();
}

}  // namespace annabella::app
