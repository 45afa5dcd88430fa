// annabella play --config FILE [--resume] and annabella demo: the station wired to its devices.
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "app/commands.h"
#include "app/config_check.h"
#include "app/play_start.h"
#include "app/record.h"
#include "app/record_folder.h"
#include "app/station_runner.h"
#include "core/notation.h"
#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/portaudio_sink.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"
#include "tactile/braille_display.h"
#include "tactile/clock_output.h"
#include "tactile/dgt_clock.h"
#include "tactile/tactile_clock.h"

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
  std::unique_ptr<tactile::BoardReader> sighted_reader;  // the sighted player's DGT e-board
  std::unique_ptr<ConsoleReader> console;
  // The clock's displays (D.2.6): braille display, tactile clock; their worker thread, and the
  // tactile clock's button reader.
  std::unique_ptr<tactile::SerialLink> tactile_clock_link;
  std::unique_ptr<tactile::SerialLink> dgt3000_link;  // writes through the e-board's reader
  std::unique_ptr<tactile::ClockOutputWorker> clock_outputs;
  std::thread tactile_clock_reader;
  std::atomic<bool> stopping{false};

  ~StationRig() {
    // Device threads first (they push to the queue), then the announcer finishes speaking.
    stopping = true;
    if (tactile_clock_link) tactile_clock_link->interrupt();
    if (tactile_clock_reader.joinable()) tactile_clock_reader.join();
    if (clock_outputs) clock_outputs->stop();
    console.reset();
    sighted_reader.reset();
    reader.reset();
    simulator.reset();
    queue.close();
  }
};

// A write-only link through a BoardReader: the DGT3000 hangs off the DGT board, whose serial
// line the reader owns (and may reopen after an unplug).
class BoardWriteLink final : public tactile::SerialLink {
 public:
  explicit BoardWriteLink(tactile::BoardReader& reader)
      : reader_(reader), name_(reader.settings().port.string()) {}
  Result<std::size_t> read(std::span<std::uint8_t>, std::chrono::milliseconds) override {
    return fail(name_ + ": the board's reader reads this line");
  }
  Status write(std::span<const std::uint8_t> bytes, std::chrono::milliseconds) override {
    return reader_.write(bytes);
  }
  void interrupt() override {}
  bool connected() const override { return reader_.connected(); }
  const std::string& name() const override { return name_; }

 private:
  tactile::BoardReader& reader_;
  std::string name_;
};

// The clock's displays off the game thread (D.2.6): a braille display through BrlAPI and a
// tactile clock on a serial line, each optional; a device that cannot be opened is said and the
// game goes on without it. The tactile clock's query button asks for the time (D.2.10.4).
void start_clock_outputs(StationRig& rig, const config::StationConfig& cfg, core::Color vi,
                         TimePoint now) {
  std::vector<std::unique_ptr<tactile::ClockDisplay>> displays;
  if (cfg.braille_display.enabled) {
    tactile::BrailleSettings settings;
    settings.host = cfg.braille_display.host;
    auto display = tactile::BrailleDisplay::connect(settings);
    if (!display)
      rig.printer->print(now, "braille_display: " + display.error().message +
                                  "; the game goes on without the braille clock");
    else
      displays.push_back(std::make_unique<tactile::BrailleClockDisplay>(std::move(*display), vi));
  }
  if (cfg.tactile_clock.port != "none" && !cfg.tactile_clock.port.empty()) {
    auto link = tactile::open_serial_link(cfg.tactile_clock.port, tactile::LineSettings{115200});
    if (!link) {
      rig.printer->print(now, "tactile_clock.port: " + link.error().message +
                                  "; the game goes on without the tactile clock");
    } else {
      rig.tactile_clock_link = std::move(*link);
      auto device = std::make_unique<tactile::TactileClockDevice>(*rig.tactile_clock_link, vi);
      if (auto greeted = device->greet(); !greeted)
        rig.printer->print(now, "tactile_clock: " + greeted.error().message);
      displays.push_back(std::move(device));
      // Its buttons: QUERY tells the time (D.2.10.4); PRESS is logged (the move is made by the
      // announcement, D.2.3, not by the clock button).
      rig.tactile_clock_reader = std::thread([&rig] {
        tactile::TactileClockDecoder decoder;
        std::vector<tactile::TactileClockInput> inputs;
        std::array<std::uint8_t, 256> buffer{};
        while (!rig.stopping) {
          auto n = rig.tactile_clock_link->read(buffer, std::chrono::seconds(60));
          if (!n) return;  // the device is gone; said by the worker's write errors
          const auto time = SteadyClock::now();
          inputs.clear();
          decoder.decode(std::span(buffer.data(), *n), time, inputs);
          for (const auto& in : inputs) {
            if (in.kind != tactile::TactileClockInput::Kind::Button) continue;
            rig.queue.push(StationEvent::console(
                time, in.button == tactile::tclk::Button::Query ? "time" : "status",
                "tactile clock"));
          }
        }
      });
    }
  }
  // The sighted opponent's DGT3000, through his DGT e-board (set-and-run with both times).
  if (rig.sighted_reader) {
    rig.dgt3000_link = std::make_unique<BoardWriteLink>(*rig.sighted_reader);
    displays.push_back(std::make_unique<tactile::DgtClockDisplay>(*rig.dgt3000_link, core::WHITE));
  }
  if (displays.empty()) return;
  rig.clock_outputs = std::make_unique<tactile::ClockOutputWorker>(std::move(displays));
  tactile::ClockOutputWorker* worker = rig.clock_outputs.get();
  rig.printer->set_clock_listener([worker](const core::ClockReading& reading, bool query) {
    worker->post(reading,
                 query ? tactile::ClockShowReason::Query : tactile::ClockShowReason::Event);
  });
}

// The demo hardware's hand, typed at the console after "sim ": lift e2, place e4 [PIECE],
// play MOVE, follow MOVE, button time|announce|repeat|q|r|b|n, unplug, replug.
Status simulator_command(tactile::BoardSimulator& board, const std::string& command) {
  std::istringstream words(command);
  std::string verb, arg;
  words >> verb >> arg;
  const auto square = core::parse_square(arg);
  if (verb == "lift" && square) return board.lift(*square);
  if (verb == "place" && square) return board.place(*square);
  if (verb == "play" || verb == "follow") {
    auto move = core::read_move(board.position(), arg);
    if (!move) return fail(move.error().message);
    return verb == "play" ? board.play(*move, tactile::MoveStyle{}) : board.follow(*move);
  }
  if (verb == "button") {
    static const std::pair<const char*, tactile::BoardButton> kButtons[] = {
        {"time", tactile::BoardButton::Time},      {"announce", tactile::BoardButton::Announce},
        {"repeat", tactile::BoardButton::Repeat},  {"q", tactile::BoardButton::PromoteQueen},
        {"r", tactile::BoardButton::PromoteRook},  {"b", tactile::BoardButton::PromoteBishop},
        {"n", tactile::BoardButton::PromoteKnight}};
    for (const auto& [name, button] : kButtons)
      if (arg == name) return board.press(button);
  }
  if (verb == "unplug") {
    board.unplug();
    return {};
  }
  if (verb == "replug") return board.replug();
  return fail("\"" + command +
              "\" is not a simulator command (lift SQ, place SQ, play MOVE, follow MOVE, button "
              "time|announce|repeat|q|r|b|n, unplug, replug)");
}

struct RigOptions {
  StationOptions station;
  bool sound = true;
  double simulator_speed = 0;  // 0: the simulated hand makes each move at once
  bool console_from_stdin = true;
  std::filesystem::path simulator_link;           // where the demo hardware's pty is linked
  std::function<void(std::string_view)> on_line;  // sees every printed line (the demo)
};

Result<std::unique_ptr<StationRig>> build_rig(const RigOptions& options, std::ostream& out) {
  auto rig = std::make_unique<StationRig>();
  const auto origin = SteadyClock::now();
  const auto& cfg = options.station.config;
  // Created with mode 0750; no link may stand in a record file's place (record_folder.h).
  auto folder = RecordFolder::open(options.station.record_folder, true);
  if (!folder) return fail(folder.error());
  if (auto links = folder->refuse_links(); !links) return fail(links.error());

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
  // A resumed game gets a new recording beside the earlier ones (never overwritten).
  speech_settings.recording = options.station.record_folder / "announcements.wav";
  for (int part = 2; std::filesystem::exists(speech_settings.recording); ++part)
    speech_settings.recording =
        options.station.record_folder / ("announcements-" + std::to_string(part) + ".wav");
  speech_settings.sound = options.sound;
  speech_settings.text = nullptr;  // the printer writes the text lines
  // A sound device lost or back mid-game: printed on the game thread like every line.
  speech_settings.on_sound_line = [queue = &rig->queue](TimePoint at, const std::string& line) {
    queue->push(StationEvent::notice(at, line));
  };
  auto announcer = speech::Announcer::start(*vocabulary, speech_settings, std::move(*synthesizer),
                                            speech::open_portaudio_sink, origin);
  if (!announcer) return fail("speech: " + announcer.error().message);
  rig->announcer = std::move(*announcer);

  speech::Announcer* voice = rig->announcer.get();
  rig->printer = std::make_unique<StationPrinter>(
      out, origin, [voice](const speech::Phrase& phrase, Route route, TimePoint at) {
        voice->announce(phrase, route, at);
      });
  if (options.on_line) rig->printer->set_line_listener(options.on_line);
  if (auto log = rig->printer->open_log(options.station.record_folder / "station.log"); !log)
    return fail("record.folder: " + log.error().message);
  for (const auto& problem : rig->announcer->sound_problems())
    rig->printer->print(origin, "sound: " + problem + "; announcements continue as text and in " +
                                    speech_settings.recording.string());

  core::Color vi =
      cfg.black.visually_impaired && !cfg.white.visually_impaired ? core::BLACK : core::WHITE;
  // A resumed game's VI player is the one its journal names (Station::open adopts the journal's
  // header and says where the configuration differs); an unreadable journal is Station::open's
  // to report.
  if (options.station.resume) {
    if (auto contents = read_journal(options.station.record_folder / "game.journal"))
      if (auto recorded = rebuild_game(*contents)) vi = recorded->header.visually_impaired;
  }
  auto* queue = &rig->queue;
  if (cfg.sighted_board.input == config::SightedInput::Dgt) {
    tactile::BoardReaderSettings eboard;
    eboard.port = cfg.sighted_board.port;
    eboard.protocol = tactile::ProtocolKind::Dgt;
    rig->sighted_reader =
        std::make_unique<tactile::BoardReader>(eboard, [queue](tactile::BoardInput in) {
          queue->push(StationEvent::sighted_board(std::move(in)));
        });
  }
  start_clock_outputs(*rig, cfg, vi, origin);
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
    sim.pace.speed = options.simulator_speed;
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
  rig->reader = std::make_unique<tactile::BoardReader>(reader, [queue](tactile::BoardInput in) {
    queue->push(StationEvent::pegboard(std::move(in)));
  });
  if (options.console_from_stdin) {
    tactile::BoardSimulator* simulator = rig->simulator.get();
    ConsoleReader::Intercept intercept;
    if (simulator)
      intercept = [simulator](const std::string& line) {
        if (line.rfind("sim ", 0) != 0) return false;
        if (auto done = simulator_command(*simulator, line.substr(4)); !done)
          std::cerr << "sim: " << done.error().message << std::endl;
        return true;
      };
    rig->console =
        std::make_unique<ConsoleReader>(STDIN_FILENO, rig->queue, "keyboard", std::move(intercept));
  }
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
    auto loaded = config::load_config(options.config_file, station_problems);
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
  // Everything a start could be refused for, before any file is written.
  if (auto ready = check_play_start(rig_options.station); !ready) {
    err << ready.error().message << '\n';
    return kExitUsage;
  }
  auto rig = build_rig(rig_options, out);
  if (!rig) {
    err << rig.error().message << '\n';
    return 1;
  }
  (*rig)->printer->print(SteadyClock::now(), "ready; type help for the commands");
  run_station_loop(*(*rig)->station, (*rig)->queue);
  return 0;
}

// The lines the station prints, for the demo's director to wait on (the station runs on its
// own thread; the director only reads what it printed).
class PrintedLines {
 public:
  void add(std::string_view line) {
    {
      std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    }
    changed_.notify_all();
  }
  // Waits until a line printed after `from` contains `text`; the index after it, or nullopt.
  std::optional<std::size_t> wait_for(std::string_view text, std::size_t from,
                                      std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> found;
    changed_.wait_for(lock, timeout, [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].find(text) != std::string::npos) return (found = i + 1), true;
      return false;
    });
    return found;
  }
  std::size_t size() {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
};

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
  const double speed = options.speed <= 0 ? 1.0 : options.speed;
  rig_options.simulator_speed = speed;
  PrintedLines printed;
  rig_options.on_line = [&printed](std::string_view line) { printed.add(line); };
  if (auto ready = check_play_start(rig_options.station); !ready) {
    err << ready.error().message << '\n';
    return kExitUsage;
  }
  auto built = build_rig(rig_options, out);
  if (!built) {
    err << built.error().message << '\n';
    return 1;
  }
  StationRig& rig = **built;
  tactile::BoardSimulator& board = *rig.simulator;
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
      return false;
    };
    const auto act = [&](Status done) {
      return done ? true : fail_with("demo script: " + done.error().message);
    };
    // Waits until the station has printed `text` (after what it printed before `from`).
    std::size_t seen = 0;
    const auto until = [&](std::string_view text) {
      auto at = printed.wait_for(text, seen, 20s);
      if (!at)
        return fail_with("demo script: the station did not say \"" + std::string(text) +
                         "\" in time");
      seen = *at;
      return true;
    };
    if (!board.wait_for_host(5s)) return void(fail_with("the station did not open the pegboard"));
    if (!until("connected")) return;
    const auto play = [&](const std::string& san, std::string_view outcome) {
      auto move = core::read_move(board.position(), san);
      if (!move) return fail_with("demo script: " + move.error().message);
      return act(board.play(*move)) && until(outcome);
    };
    // The VI player's move on the pegboard (D.2.3); then the sighted player's move typed by the
    // assistant (D.2.1) and executed by the VI player on his board.
    const auto round = [&](const std::string& white, const char* black) {
      pause(1200ms);
      if (!play(white, "by pegboard")) return false;
      if (!black) return true;
      pause(1500ms);
      assistant(black);
      if (!until("by console")) return false;
      pause(800ms);
      return play(black, "executed");
    };
    if (!round("e4", "d5") || !round("exd5", "c6")) return;
    // A time request from the board's button (D.2.6, D.2.10.4).
    pause(800ms);
    if (!act(board.press(tactile::BoardButton::Time)) || !until("moves completed")) return;
    pause(2500ms);
    if (!round("dxc6", nullptr)) return;
    // The sighted player's knight move executed on a wrong square: caught at once, then the
    // arbiter's reconciliation gives the steps (D.2.9) and the board is corrected.
    pause(1500ms);
    assistant("Nf6");
    if (!until("by console")) return;
    pause(800ms);
    if (!act(board.lift(core::SQ_G8))) return;
    pause(400ms);
    if (!act(board.place(core::SQ_H6)) || !until("illegal")) return;
    pause(2000ms);
    assistant("reconcile");
    if (!until("reconcile")) return;
    pause(2500ms);
    if (!act(board.lift(core::SQ_H6))) return;
    pause(400ms);
    if (!act(board.place(core::SQ_F6)) || !until("executed")) return;
    // The hand has now made the announced move; the simulated game follows it.
    if (!act(board.follow(*core::read_move(board.position(), "Nf6")))) return;
    if (!round("cxb7", "Nbd7") || !round("Nf3", "e6") || !round("Be2", "Bc5") ||
        !round("O-O", "O-O") || !round("bxa8=Q", "Qc7"))
      return;
    pause(1500ms);
    assistant("time");
    if (!until("moves completed")) return;
    pause(3000ms);
    assistant("resign black");
    if (!until("game over")) return;
    pause(2000ms);
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
