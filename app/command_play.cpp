// annabella play --config FILE [--resume] and annabella demo: the station wired to its devices.
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <thread>

#include "app/commands.h"
#include "app/station_runner.h"
#include "core/notation.h"
#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/portaudio_sink.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;

// Everything a running station needs, built in dependency order and torn down in reverse.
struct StationRig {
  EventQueue<StationEvent> queue;
  std::unique_ptr<speech::Announcer> announcer;
  std::unique_ptr<StationPrinter> printer;
  std::unique_ptr<Station> station;
  std::unique_ptr<tactile::BoardSimulator> simulator;  // the demo hardware
  std::unique_ptr<tactile::BoardReader> reader;
  std::unique_ptr<ConsoleReader> console;

  ~StationRig() {
    // Device threads first (they push to the queue), then the announcer finishes speaking.
    console.reset();
    reader.reset();
    simulator.reset();
    queue.close();
  }
};

struct RigOptions {
  StationOptions station;
  bool sound = true;
  bool console_from_stdin = true;
  std::filesystem::path simulator_link;  // where the demo hardware's pty is linked
};

Result<std::unique_ptr<StationRig>> build_rig(const RigOptions& options, std::ostream& out) {
  auto rig = std::make_unique<StationRig>();
  const auto origin = SteadyClock::now();
  const auto& cfg = options.station.config;
  std::error_code ec;
  std::filesystem::create_directories(options.station.record_folder, ec);
  if (ec)
    return fail("record.folder: cannot create " + options.station.record_folder.string() + ": " +
                ec.message());

  // Speech: eSpeak NG on the speech thread, PortAudio devices by name (D.2.1), the recording
  // of everything announced (D.2.7) in the record folder.
  auto vocabulary = speech::Vocabulary::load(cfg.speech.profile);
  if (!vocabulary) return fail("speech.profile: " + vocabulary.error().message);
  if (auto overridden = vocabulary->apply_overrides(cfg.speech.words); !overridden)
    return fail("speech.words: " + overridden.error().message);
  auto synthesizer = speech::EspeakSynthesizer::create();
  if (!synthesizer) return fail("speech: " + synthesizer.error().message);
  speech::Announcer::Settings speech_settings;
  speech_settings.public_device = cfg.audio.public_device;
  speech_settings.private_device = cfg.audio.private_device;
  speech_settings.recording = options.station.record_folder / "announcements.wav";
  speech_settings.sound = options.sound;
  speech_settings.text = nullptr;  // the printer writes the text lines
  auto announcer = speech::Announcer::start(*vocabulary, speech_settings, std::move(*synthesizer),
                                            speech::open_portaudio_sink, origin);
  if (!announcer) return fail("speech: " + announcer.error().message);
  rig->announcer = std::move(*announcer);

  speech::Announcer* voice = rig->announcer.get();
  rig->printer = std::make_unique<StationPrinter>(
      out, origin, [voice](const speech::Phrase& phrase, Route route, TimePoint at) {
        voice->announce(phrase, route, at);
      });
  if (auto log = rig->printer->open_log(options.station.record_folder / "station.log"); !log)
    return fail("record.folder: " + log.error().message);
  for (const auto& problem : rig->announcer->sound_problems())
    rig->printer->print(origin, "sound: " + problem + "; announcements continue as text and in " +
                                    speech_settings.recording.string());

  auto station = Station::open(options.station, *rig->printer, origin);
  if (!station) return fail(station.error().message);
  rig->station = std::move(*station);

  // The pegboard: a real serial device, or the built-in simulator (the demo hardware).
  const auto protocol = cfg.pegboard.protocol == config::BoardProtocol::Dgt
                            ? tactile::ProtocolKind::Dgt
                            : tactile::ProtocolKind::Peg;
  std::filesystem::path port = cfg.pegboard.port;
  if (cfg.pegboard.port == "simulator") {
    tactile::BoardSimulatorSettings sim;
    sim.protocol = protocol;
    sim.link = options.simulator_link.empty() ? options.station.record_folder / "simulated-pegboard"
                                              : options.simulator_link;
    sim.start = rig->station->game().position();
    auto simulator = tactile::BoardSimulator::create(sim);
    if (!simulator) return fail("pegboard simulator: " + simulator.error().message);
    rig->simulator = std::move(*simulator);
    port = sim.link;
    rig->printer->print(origin, "pegboard: the built-in simulator at " + port.string() +
                                    " (pegboard.port = \"simulator\")");
  }
  tactile::BoardReaderSettings reader;
  reader.port = port;
  reader.protocol = protocol;
  auto* queue = &rig->queue;
  rig->reader = std::make_unique<tactile::BoardReader>(reader, [queue](tactile::BoardInput in) {
    queue->push(StationEvent::pegboard(std::move(in)));
  });
  if (options.console_from_stdin)
    rig->console = std::make_unique<ConsoleReader>(STDIN_FILENO, rig->queue);
  return rig;
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &tm);
  return text;
}

}  // namespace

int run_play(const PlayOptions& options, std::ostream& out, std::ostream& err) {
  config::StationConfig cfg;
  if (!options.config_file.empty()) {
    auto loaded = config::load_config(options.config_file);
    if (!loaded) {
      err << loaded.error().message << '\n';
      return 2;
    }
    cfg = *loaded;
  }
  RigOptions rig_options;
  rig_options.station.config = cfg;
  rig_options.station.record_folder = options.record_folder.empty()
                                          ? std::filesystem::path(cfg.record.folder)
                                          : std::filesystem::path(options.record_folder);
  rig_options.station.resume = options.resume;
  rig_options.sound = !options.silent;
  auto rig = build_rig(rig_options, out);
  if (!rig) {
    err << rig.error().message << '\n';
    return 1;
  }
  (*rig)->printer->print(SteadyClock::now(), "ready; type help for the commands");
  run_station_loop(*(*rig)->station, (*rig)->queue);
  return 0;
}

int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err) {
  // A short real game at a human pace through the real station: White (visually impaired) on
  // the simulated pegboard, Black (sighted) entered by a simulated assistant at the console.
  RigOptions rig_options;
  auto& cfg = rig_options.station.config;
  cfg.event.name = "annabella demonstration";
  cfg.white = {"Anna Blind", 0, "", true};
  cfg.black = {"Bert Sighted", 0, "", false};
  cfg.pegboard.port = "simulator";
  cfg.pegboard.protocol = config::BoardProtocol::Peg;
  rig_options.station.record_folder = options.folder.empty()
                                          ? std::filesystem::path("annabella-demo-" + today())
                                          : std::filesystem::path(options.folder);
  rig_options.sound = !options.silent;
  rig_options.console_from_stdin = false;
  auto built = build_rig(rig_options, out);
  if (!built) {
    err << built.error().message << '\n';
    return 1;
  }
  StationRig& rig = **built;
  tactile::BoardSimulator& board = *rig.simulator;
  const double speed = options.speed <= 0 ? 1.0 : options.speed;
  const auto pause = [speed](std::chrono::milliseconds span) {
    std::this_thread::sleep_for(
        std::chrono::duration_cast<std::chrono::milliseconds>(span / speed));
  };
  const auto assistant = [&rig](const std::string& line) {
    rig.queue.push(StationEvent::console(SteadyClock::now(), line, "assistant"));
  };
  Status script_status;
  std::thread director([&] {
    const auto fail_with = [&](const std::string& what) {
      script_status = fail(what);
      rig.queue.push(StationEvent::stop(SteadyClock::now()));
    };
    const auto act = [&](Status done) {
      if (!done) fail_with("demo script: " + done.error().message);
      return bool(done);
    };
    if (!board.wait_for_host(5s)) return fail_with("the station did not connect to the pegboard");
    const auto play = [&](const char* san) {
      auto move = core::read_move(board.position(), san);
      if (!move) return fail_with(std::string("demo script: ") + move.error().message), false;
      if (auto done = board.play(*move); !done)
        return fail_with("demo script: " + done.error().message), false;
      return true;
    };
    // The VI player's move on the pegboard (D.2.3), then the sighted player's move typed by the
    // assistant and executed by the VI player on his board (D.2.1).
    const auto round = [&](const char* white, const char* black) {
      pause(1500ms);
      if (!play(white)) return false;
      pause(2000ms);
      if (!black) return true;
      assistant(black);
      pause(1500ms);
      return play(black);
    };
    if (!round("e4", "d5") || !round("exd5", "c6")) return;
    // A time request from the board's button (D.2.6, D.2.10.4).
    pause(500ms);
    if (!act(board.press(tactile::BoardButton::Time))) return;
    pause(3000ms);
    if (!round("dxc6", nullptr)) return;
    // The sighted player's knight move executed on a wrong square: caught at once, then the
    // arbiter's reconciliation shows the steps (D.2.9) and the board is corrected.
    assistant("Nf6");
    pause(1500ms);
    if (!act(board.lift(core::SQ_G8))) return;
    pause(400ms);
    if (!act(board.place(core::SQ_H6))) return;
    pause(2500ms);
    assistant("reconcile");
    pause(2500ms);
    if (!act(board.lift(core::SQ_H6))) return;
    pause(400ms);
    if (!act(board.place(core::SQ_F6))) return;
    // The hand has now made the announced move; the simulated game follows it.
    if (auto moved = board.follow(*core::read_move(board.position(), "Nf6")); !moved)
      return fail_with("demo script: " + moved.error().message);
    if (!round("cxb7", "Nbd7") || !round("Nf3", "e6") || !round("Be2", "Bc5") ||
        !round("O-O", "O-O") || !round("bxa8=Q", "Qc7"))
      return;
    pause(1500ms);
    assistant("time");
    pause(3000ms);
    assistant("resign black");
    pause(3000ms);
    assistant("quit");
  });
  run_station_loop(*rig.station, rig.queue);
  director.join();
  rig.announcer->wait_until_idle();
  out << "Demo finished. The record is in " << rig_options.station.record_folder.string()
      << ": game.pgn, scoresheet.brf, touches.txt, announcements.wav (with its cue list), "
         "game.journal, station.log\n";
  if (!script_status) {
    err << script_status.error().message << '\n';
    return 1;
  }
  return 0;
}

}  // namespace annabella::app
