#include "app/station_rig.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <iostream>
#include <sstream>

#include "app/brf.h"
#include "app/console.h"
#include "app/exports.h"
#include "app/file_error.h"
#include "app/game_record.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/record_folder.h"
#include "app/station_text.h"
#include "app/voice_text.h"
#include "core/notation.h"
#include "core/text.h"
#include "speech/espeak_synth.h"
#include "speech/language.h"
#include "speech/phrases.h"
#include "speech/portaudio_sink.h"
#include "tactile/braille_display.h"
#include "tactile/dgt_clock.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {
namespace {

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

// The VI player's colour: the one a resumed game's journal names (Station::open adopts the
// journal's header and says where the configuration differs), else the configuration's.
core::Color vi_colour(const StationOptions& options) {
  const auto& cfg = options.config;
  core::Color vi =
      cfg.black.visually_impaired && !cfg.white.visually_impaired ? core::BLACK : core::WHITE;
  if (options.resume)  // an unreadable journal is Station::open's to report
    if (auto contents = read_journal(options.record_folder / "game.journal"))
      if (auto recorded = replay_journal(*contents)) vi = recorded->header().visually_impaired;
  return vi;
}

// The simulated pegboard's buttons, by the name typed after "sim button".
constexpr std::pair<const char*, tactile::BoardButton> kSimulatorButtons[] = {
    {"time", tactile::BoardButton::Time},       {"announce", tactile::BoardButton::Announce},
    {"repeat", tactile::BoardButton::Repeat},   {"q", tactile::BoardButton::PromoteQueen},
    {"r", tactile::BoardButton::PromoteRook},   {"b", tactile::BoardButton::PromoteBishop},
    {"n", tactile::BoardButton::PromoteKnight}, {"menu", tactile::BoardButton::Menu},
    {"next", tactile::BoardButton::Next},       {"prev", tactile::BoardButton::Previous},
    {"select", tactile::BoardButton::Select},   {"back", tactile::BoardButton::Back},
    {"confirm", tactile::BoardButton::Confirm}, {"talk", tactile::BoardButton::Talk},
    {"talk-end", tactile::BoardButton::TalkEnd}};

std::string button_names() {
  std::string names;
  for (const auto& [name, button] : kSimulatorButtons)
    names += (names.empty() ? "" : "|") + std::string(name);
  return names;
}

std::string simulator_summary() {
  return "sim lift SQ, sim place SQ, sim play MOVE, sim follow MOVE, sim button " + button_names() +
         ", sim unplug, sim replug";
}

// "help" or "h" alone (kind All), or "help sim" (kind Sim); else None.
enum class HelpLine { None, All, Sim };
HelpLine help_line(const std::string& line) {
  std::istringstream words(line);
  std::string verb, topic, more;
  words >> verb >> topic >> more;
  verb = core::ascii_lower(verb);
  if ((verb != "help" && verb != "h") || !more.empty()) return HelpLine::None;
  if (topic.empty()) return HelpLine::All;
  return core::ascii_lower(topic) == "sim" ? HelpLine::Sim : HelpLine::None;
}

}  // namespace

Status simulator_command(tactile::BoardSimulator& board, const std::string& command,
                         core::Color vi) {
  std::istringstream words(command);
  std::string verb, arg;
  words >> verb >> arg;
  const auto square = core::parse_square(arg);
  if (verb == "lift" && square) return board.lift(*square);
  if (verb == "place" && square) return board.place(*square);
  if (verb == "play" || verb == "follow") {
    auto move = core::read_move(board.position(), arg);
    if (!move) return fail(text::move_read_error(move.error()));
    if (verb == "follow") return board.follow(*move);
    const bool own = board.position().side_to_move() == vi;
    if (auto played = board.play(*move, tactile::MoveStyle{}); !played) return played;
    if (own) (void)board.press(tactile::BoardButton::Announce);  // none on a DGT board: the pause
    return {};
  }
  if (verb == "button") {
    for (const auto& [name, button] : kSimulatorButtons)
      if (arg == name) return board.press(button);
  }
  if (verb == "unplug") {
    board.unplug();
    return {};
  }
  if (verb == "replug") return board.replug();
  return fail("\"" + command + "\" is not a simulator command (" + simulator_summary() + ")");
}

std::string simulator_help() {
  // Printed by `help` in simulator mode beside the station's commands (one a line).
  // TRANSLATORS: the simulator's commands ("sim lift SQUARE" ...) stay as they are.
  return i18n::tr("Simulator commands (the built-in pegboard; the VI player's hand):") +
         std::string("\n  sim lift SQUARE: ") +
         i18n::tr("lift the peg on SQUARE (a touch, D.2.2)") +
         "\n  sim place SQUARE: " + i18n::tr("put the peg in the hand into SQUARE") +
         "\n  sim play MOVE: " +
         i18n::tr("make a whole move as a hand does (a captured piece first)") +
         "\n  sim follow MOVE: " + i18n::tr("the move already made by sim lift and sim place") +
         "\n  sim button " + button_names() + ": " +
         i18n::tr(
             "press a board button (time D.2.10.4, announce D.2.3, repeat, promotion piece, "
             "the player's menu keys on a version 2 board)") +
         "\n  sim unplug: " + i18n::tr("pull the board's cable") +
         "\n  sim replug: " + i18n::tr("plug it back in") + "\n";
}

Result<std::unique_ptr<StationRig>> StationRig::build(const RigOptions& options,
                                                      std::ostream& out) {
  std::unique_ptr<StationRig> rig(new StationRig());
  const auto origin = SteadyClock::now();
  const auto& cfg = options.station.config;
  // Created with mode 0750; no link may stand in a record file's place (record_folder.h).
  auto folder = RecordFolder::open(options.station.record_folder, true);
  if (!folder) return fail(folder.error());
  if (auto links = folder->refuse_links(); !links) return fail(links.error());
  auto lock = folder->lock_for_station();
  if (!lock) return fail(lock.error());
  rig->record_lock_ = std::move(*lock);
  if (auto speech = rig->start_speech(options, out, origin); !speech) return fail(speech.error());
  rig->start_sighted_board(cfg);
  rig->start_clock_outputs(cfg, vi_colour(options.station), origin);
  // D.2.7: the key first, so that the journal's begin or resume entry names it with this run's
  // recording.
  rig->load_station_key(cfg);
  StationOptions station_options = options.station;
  if (rig->key_)
    station_options.part = {rig->key_->public_key_hex(), rig->recording_.filename().string()};
  auto station = Station::open(station_options, *rig->printer_, origin);
  if (!station) return fail(station.error().message);
  rig->station_ = std::move(*station);
  rig->start_sealing(origin);
  if (auto pegboard = rig->start_pegboard(options, origin); !pegboard)
    return fail(pegboard.error());
  if (options.console_from_stdin) rig->start_console(cfg.console.line_editing);
  if (!options.opponent_input.empty())
    if (auto keypad = rig->start_opponent_input(options.opponent_input); !keypad)
      return fail(keypad.error());
  rig->start_voice(origin);
  rig->say_move_sources(options, origin);
  return rig;
}

namespace {

// Half-duplex voice input (D.2.1): while the station speaks on a route the microphone can hear
// (the public loudspeaker; the private route too when it plays on the same device), and for a
// short tail after, the listener does not listen: its own read-back is never taken for the
// sighted player's announcement or his "ja".
void hear_own_speech(speech::Announcer::Settings& settings, const config::AudioSettings& audio,
                     const std::shared_ptr<speech::OwnSpeech>& own) {
  const bool private_heard =
      audio.private_device == "none" || audio.private_device == audio.public_device;
  auto heard = [private_heard](Route route) { return route == Route::Public || private_heard; };
  settings.on_first_sample = [own, heard](const speech::Phrase&, Route route, TimePoint,
                                          TimePoint at) {
    if (heard(route)) own->began(at);
  };
  settings.on_last_sample = [own, heard](Route route, TimePoint at) {
    if (heard(route)) own->ended(at);
  };
}

}  // namespace

Status StationRig::start_speech(const RigOptions& options, std::ostream& out, TimePoint origin) {
  // eSpeak NG on the speech thread, PortAudio devices by name (D.2.1), the recording of
  // everything announced (D.2.7) in the record folder.
  const auto& cfg = options.station.config;
  auto vocabulary = speech::Vocabulary::load(cfg.speech.profile);
  if (!vocabulary) return fail("speech.profile: " + vocabulary.error().message);
  if (auto overridden = vocabulary->apply_overrides(cfg.speech.words); !overridden)
    return fail("speech.words: " + overridden.error().message);
  auto synthesizer = speech::EspeakSynthesizer::create();
  if (!synthesizer) return fail("speech: " + synthesizer.error().message);
  if (!cfg.voice.input.empty()) {  // eSpeak NG's phonemes, before its speech thread starts
    auto voice = VoiceInput::prepare(cfg.voice, *vocabulary, **synthesizer);
    if (voice)
      voice_ = std::move(*voice);
    else
      voice_problem_ = voice.error().message;  // said once the console prints (start_voice)
  }
  speech::Announcer::Settings settings;
  settings.public_device = cfg.audio.public_device;
  settings.private_device = cfg.audio.private_device;
  // A resumed game gets a new recording beside the earlier ones (never overwritten).
  const auto& folder = options.station.record_folder;
  settings.recording = folder / "announcements.wav";
  for (int part = 2; std::filesystem::exists(settings.recording); ++part) {
    earlier_recordings_.push_back(settings.recording);
    settings.recording = folder / ("announcements-" + std::to_string(part) + ".wav");
  }
  recording_ = settings.recording;
  // D.2.7: the journal is the game's record; a recording that cannot be created (a full disk)
  // never keeps a game from starting or resuming. Said below, and no file of it is left.
  settings.without_recording_if_it_fails = true;
  settings.sound = options.sound;
  settings.text = nullptr;  // the printer writes the text lines
  // A sound device lost or back mid-game: printed on the game thread like every line.
  settings.on_sound_line = [queue = &queue_](TimePoint at, const std::string& line) {
    queue->push(StationEvent::notice(at, line));
  };
  // ... and typed, for the VI player's private notice in his language (D.2.11).
  settings.on_sound_link = [queue = &queue_](TimePoint at, const speech::SoundLink& link) {
    queue->push(StationEvent::sound_link(at, link));
  };
  if (voice_) hear_own_speech(settings, cfg.audio, voice_->own_speech());
  // D.2.7: the recording's anchor, on the speech thread, to the game thread that signs it.
  settings.on_seal = [queue = &queue_](const speech::RecordingAnchor& anchor,
                                       const std::string& occasion) {
    queue->push(StationEvent::sealed(SteadyClock::now(), anchor, occasion));
  };
  auto announcer = speech::Announcer::start(*vocabulary, settings, std::move(*synthesizer),
                                            speech::open_portaudio_sink, origin);
  if (!announcer) return fail("speech: " + announcer.error().message);
  announcer_ = std::move(*announcer);
  const std::string recording_problem = announcer_->recording_problem();
  if (!recording_problem.empty()) recording_.clear();  // the journal's part names none
  if (!options.public_page.empty()) {
    auto page = PublicPage::open(options.public_page, vocabulary->language());
    if (!page) return fail(page.error());
    public_page_ = std::move(*page);
  }
  speech::Announcer* voice = announcer_.get();
  printer_ = std::make_unique<StationPrinter>(
      out, origin, [this, voice](const speech::Phrase& phrase, Route route, TimePoint at) {
        if (!phrase.display_only) voice->announce(phrase, route, at);
        if (braille_) braille_->said(phrase, route);  // the moves and readings lines
        if (route == Route::Public) show_publicly(phrase, at);
      });
  if (options.on_line) printer_->set_line_listener(options.on_line);
  printer_->set_console_timestamps(cfg.console.timestamps);
  // The private route's rate and volume, as the player sets them in his menu.
  printer_->set_voice_listener(
      [voice](const PrivateVoice& chosen) { voice->set_private_voice(chosen); });
  if (auto log = printer_->open_log(folder / "station.log"); !log)
    return fail("record.folder: " + log.error().message);
  if (public_page_)
    printer_->print(origin,
                    i18n::format(i18n::tr("public page: every public announcement in large text in "
                                          "{file} (open it in a browser on the second screen; "
                                          "D.2.11)"),
                                 {{"file", public_page_->file().string()}}));
  say_speech_problems(recording_problem, origin);
  return {};
}

// Said at once, on the console and in station.log: a recording that could not be created
// (D.2.7: the journal keeps the game) and the sound devices missing.
void StationRig::say_speech_problems(const std::string& recording_problem, TimePoint origin) {
  if (!recording_problem.empty())
    printer_->print(origin, i18n::format(i18n::tr("recording: {why}; the game goes on "
                                                  "without an audio recording of what is "
                                                  "announced until the disk has room for it (it "
                                                  "then begins, the gap marked in it); the "
                                                  "journal keeps the game (D.2.7)"),
                                         {{"why", recording_problem}}));
  for (const auto& problem : announcer_->sound_problems())
    printer_->print(
        origin, recording_.empty()
                    ? i18n::format(i18n::tr("sound: {problem}; announcements continue as text"),
                                   {{"problem", problem}})
                    : i18n::format(i18n::tr("sound: {problem}; announcements continue as text and "
                                            "in {recording}"),
                                   {{"problem", problem}, {"recording", recording_.string()}}));
}

// D.2.11: a hearing-impaired sighted opponent reads every public announcement on the large-text
// page; a write error is said once and the game goes on.
void StationRig::show_publicly(const speech::Phrase& phrase, TimePoint at) {
  if (!public_page_) return;
  if (auto shown = public_page_->show(phrase.text); !shown && !public_page_failed_) {
    public_page_failed_ = true;
    printer_->print(at,
                    i18n::format(i18n::tr("{why}; the game goes on without the large-text page"),
                                 {{"why", shown.error().message}}));
  }
}

void StationRig::load_station_key(const config::StationConfig& cfg) {
  // D.2.7: the station's key signs the recording's seal at the end, an adjournment and a stop.
  // Loaded before the station opens (its begin or resume entry names it); said once the
  // station has set the game's time line (start_sealing).
  auto key = StationKey::load_or_create(cfg.record.key_folder);
  if (key)
    key_ = std::move(*key);
  else
    key_problem_ = key.error().message;
}

void StationRig::start_sealing(TimePoint origin) {
  // Without a key the game goes on, and says that its recording will not verify as sealed.
  if (!key_) {
    printer_->print(origin,
                    i18n::format(i18n::tr("recording: no station key (record.key_folder): {why}; "
                                          "the recording will not be sealed and `annabella "
                                          "recording verify` will say so (D.2.7)"),
                                 {{"why", key_problem_}}));
    return;
  }
  printer_->print(
      origin,
      i18n::format(key_->created() ? i18n::tr("station key made: {file}, fingerprint {fingerprint} "
                                              "(it signs the recording's seals, D.2.7)")
                                   : i18n::tr("station key: {file}, fingerprint {fingerprint} (it "
                                              "signs the recording's seals, D.2.7)"),
                   {{"file", key_->file().string()}, {"fingerprint", key_->fingerprint()}}));
  station_->set_sealing(
      {&*key_, [voice = announcer_.get()](std::string occasion) { voice->seal(occasion); }});
  station_->seal_earlier_recordings(earlier_recordings_, origin);
}

void StationRig::start_sighted_board(const config::StationConfig& cfg) {
  if (cfg.sighted_board.input != config::SightedInput::Dgt) return;
  tactile::BoardReaderSettings eboard;
  eboard.port = cfg.sighted_board.port;
  eboard.protocol = tactile::ProtocolKind::Dgt;
  sighted_reader_ =
      std::make_unique<tactile::BoardReader>(eboard, [queue = &queue_](tactile::BoardInput in) {
        queue->push(StationEvent::sighted_board(std::move(in)));
      });
}

namespace {

// Issue 17: the player's lines on his braille display in the braille table of his language.
tactile::BrailleTranslator braille_translator(const config::StationConfig& cfg, core::Color vi) {
  const std::string table =
      player_braille_table(vi == core::WHITE ? cfg.white.language : cfg.black.language);
  return [table](std::string_view text) {
    auto cells = braille_dots({text, table});
    return cells ? *cells : std::vector<unsigned char>();
  };
}

// The clock line's words in the VI player's language (tester D2); English when it cannot be
// loaded (the configuration check has refused an unknown language before the game).
tactile::ClockLineWords player_clock_words(const config::StationConfig& cfg, core::Color vi) {
  auto language =
      speech::Language::load(vi == core::WHITE ? cfg.white.language : cfg.black.language);
  return language ? clock_line_words(*language) : tactile::ClockLineWords{};
}

}  // namespace

// The clock's displays off the game thread (D.2.6): a braille display through BrlAPI and a
// tactile clock on a serial line, each optional; a device that cannot be opened is said and the
// game goes on without it. The tactile clock's QUERY button asks for the time (D.2.10.4).
void StationRig::start_clock_outputs(const config::StationConfig& cfg, core::Color vi,
                                     TimePoint now) {
  std::vector<std::unique_ptr<tactile::ClockDisplay>> displays;
  if (cfg.braille_display.enabled) {
    tactile::BrailleSettings settings;
    settings.host = cfg.braille_display.host;
    auto display = tactile::BrailleDisplay::connect(settings);
    if (!display) {
      printer_->print(now, i18n::format(i18n::tr("braille_display: {why}; the game goes on "
                                                 "without the braille display"),
                                        {{"why", display.error().message}}));
    } else {
      // The clock line (D.2.6) and the player's keys and lines (D.2.11, app/braille_station.h).
      braille_ = std::make_unique<BrailleStation>(
          std::shared_ptr<tactile::BrailleDisplay>(std::move(*display)), vi, queue_,
          braille_translator(cfg, vi), player_clock_words(cfg, vi));
      printer_->set_menu_listener([braille = braille_.get()](const speech::MenuLine& line,
                                                             std::string_view text, bool open) {
        braille->menu_line(line, text, open);  // the menu line on the display (D.2.11)
      });
      displays.push_back(braille_->clock_feed());
    }
  }
  if (cfg.tactile_clock.port != "none" && !cfg.tactile_clock.port.empty()) {
    auto link = tactile::open_serial_link(cfg.tactile_clock.port, tactile::LineSettings{115200});
    if (!link) {
      printer_->print(now, i18n::format(i18n::tr("tactile_clock.port: {why}; the game goes on "
                                                 "without the tactile clock"),
                                        {{"why", link.error().message}}));
    } else {
      tactile_clock_link_ = std::move(*link);
      auto device = std::make_unique<tactile::TactileClockDevice>(*tactile_clock_link_, vi);
      if (auto greeted = device->greet(); !greeted)
        printer_->print(now, i18n::format(i18n::tr("tactile_clock.port: the greeting could not "
                                                   "be sent: {why}"),
                                          {{"why", greeted.error().message}}));
      displays.push_back(std::move(device));
      // Its keys go to the game thread, which gives them their meaning (QUERY tells the time,
      // D.2.10.4; PRESS is noted; held keys and the menu: app/player_menu_keys.h).
      tactile_clock_reader_ = std::make_unique<tactile::TactileClockReader>(
          *tactile_clock_link_, [queue = &queue_](const tactile::TactileClockInput& in) {
            if (in.kind == tactile::TactileClockInput::Kind::Button)
              queue->push(StationEvent::tactile_clock_key(in.time, in.button));
            // Its other remarks are said on the console and kept in the log (they once went
            // nowhere: a press lost on the line was not said to anybody).
            else if (std::string remark = text::tactile_clock_remark(in); !remark.empty())
              queue->push(StationEvent::notice(in.time, std::move(remark)));
          });
    }
  }
  // The sighted opponent's DGT3000, through his DGT e-board (set-and-run with both times).
  if (sighted_reader_) {
    dgt3000_link_ = std::make_unique<BoardWriteLink>(*sighted_reader_);
    displays.push_back(std::make_unique<tactile::DgtClockDisplay>(*dgt3000_link_, core::WHITE));
  }
  if (displays.empty()) return;
  clock_outputs_ = std::make_unique<tactile::ClockOutputWorker>(std::move(displays));
  tactile::ClockOutputWorker* worker = clock_outputs_.get();
  printer_->set_clock_listener([worker](const core::ClockReading& reading, bool query) {
    worker->post(reading,
                 query ? tactile::ClockShowReason::Query : tactile::ClockShowReason::Event);
  });
}

Status StationRig::start_pegboard(const RigOptions& options, TimePoint origin) {
  // The pegboard: a real serial device, or the built-in simulator (the demo hardware).
  const auto& cfg = options.station.config;
  const auto protocol = cfg.pegboard.protocol == config::BoardWire::Dgt
                            ? tactile::ProtocolKind::Dgt
                            : tactile::ProtocolKind::Peg;
  std::filesystem::path port = cfg.pegboard.port;
  if (cfg.pegboard.port == "simulator") {
    tactile::BoardSimulatorSettings sim;
    sim.protocol = protocol;
    sim.link = options.simulator_link.empty() ? options.station.record_folder / "simulated-pegboard"
                                              : options.simulator_link;
    // The game's position: on resumption a move entered but not yet executed (the pegboard
    // still expects it, D.2.1) is shown executed, as the simulated player keeps his board.
    sim.start = station_->game().position();
    sim.pace.speed = options.simulator_speed;
    auto simulator = tactile::BoardSimulator::create(sim);
    if (!simulator) return fail("pegboard simulator: " + simulator.error().message);
    simulator_ = std::move(*simulator);
    port = sim.link;
    printer_->print(origin, i18n::format(i18n::tr("pegboard: the built-in simulator at {port} "
                                                  "(pegboard.port = \"simulator\")"),
                                         {{"port", port.string()}}));
  }
  tactile::BoardReaderSettings reader;
  reader.port = port;
  reader.protocol = protocol;
  reader_ =
      std::make_unique<tactile::BoardReader>(reader, [queue = &queue_](tactile::BoardInput in) {
        queue->push(StationEvent::pegboard(std::move(in)));
      });
  return {};
}

void StationRig::start_console(bool line_editing) {
  ConsoleReader::Intercept intercept;
  if (tactile::BoardSimulator* simulator = simulator_.get())
    intercept = [simulator, queue = &queue_,
                 vi = station_->record().header().visually_impaired](const std::string& line) {
      // `help` lists the simulator's commands too, after the station's; `help sim` alone.
      if (const auto help = help_line(line); help != HelpLine::None) {
        const auto now = SteadyClock::now();
        if (help == HelpLine::All) queue->push(StationEvent::console(now, line));
        queue->push(StationEvent::notice(now, simulator_help()));
        return true;
      }
      if (line.rfind("sim ", 0) != 0) return false;
      if (auto done = simulator_command(*simulator, line.substr(4), vi); !done)
        std::cerr << "sim: " << done.error().message << std::endl;
      return true;
    };
  // Line editing and history when the assistant types at a terminal; a script or a pipe gives
  // plain lines, read exactly as they come.
  const bool terminal = ::isatty(STDIN_FILENO) != 0 && ::isatty(STDOUT_FILENO) != 0;
  console_ = std::make_unique<ConsoleReader>(STDIN_FILENO, queue_, InputSource::Keyboard,
                                             std::move(intercept),
                                             terminal && line_editing ? STDOUT_FILENO : -1);
  if (LineEditor* editor = console_->editor())
    printer_->set_console_sink([editor](std::string_view text) { editor->print(text); });
}

// D.2.11: the sighted player's own keypad or keyboard. Each line is his move (cmd::EnterMove),
// or his push-to-talk key or his part in a draw agreement (parse_keypad_line): he cannot resign,
// pause or read the board through it.
Status StationRig::start_opponent_input(const std::filesystem::path& path) {
  opponent_fd_ = ::open(path.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
  if (opponent_fd_ < 0)
    return fail("--opponent-input: " + path.string() + ": " + system_reason(errno));
  auto moves_only = [queue = &queue_](const std::string& line) {
    queue->push(
        StationEvent::request(SteadyClock::now(), parse_keypad_line(line), InputSource::Keypad));
    return true;
  };
  opponent_reader_ = std::make_unique<ConsoleReader>(opponent_fd_, queue_, InputSource::Keypad,
                                                     std::move(moves_only));
  // D.2.11: a keypad that is a terminal shows him what the station answers his entries (a
  // refusal and why, which reading he meant); written without blocking the game thread, a line
  // the terminal cannot take now is lost to it (the console and the log keep it). A file or a
  // pipe shows nothing: the station says it publicly then.
  if (::isatty(opponent_fd_) != 0) {
    opponent_out_ =
        FileDescriptor(::open(path.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC));
    if (opponent_out_.get() >= 0)
      printer_->set_opponent_terminal([fd = opponent_out_.get()](std::string_view line) {
        const std::string shown = std::string(line) + "\r\n";
        return ::write(fd, shown.data(), shown.size()) == static_cast<ssize_t>(shown.size());
      });
  }
  return {};
}

// The microphone: results go to the game thread's queue; the station gives the listener each new
// position and the recording a "heard" line for each utterance (D.2.1, D.2.7). A microphone that
// cannot be opened is said, and the game goes on without voice input.
void StationRig::start_voice(TimePoint origin) {
  if (!voice_problem_.empty()) printer_->print(origin, voice_text::no_voice_input(voice_problem_));
  if (!voice_) return;
  if (auto started = voice_->start(station_->game().position(), queue_); !started) {
    printer_->print(origin, voice_text::no_voice_input(started.error().message));
    voice_.reset();
    return;
  }
  VoiceInput* voice = voice_.get();
  speech::Announcer* announcer = announcer_.get();
  station_->voice().set_hooks({[voice](const core::Position& position) { voice->follow(position); },
                               [announcer](const std::string& line, TimePoint at) {
                                 announcer->note(std::string(speech::kHeardMarker), line, at);
                               },
                               [voice](bool held, TimePoint) { voice->talk(held); }});
}

// D.2.11: the station says at the start where the sighted player's moves come from, on the
// console and in the log, and privately to the VI player in his language.
void StationRig::say_move_sources(const RigOptions& options, TimePoint origin) {
  const auto& cfg = options.station.config;
  std::vector<speech::MoveInput> sources;
  std::string text;
  const auto add = [&](speech::MoveInput source, const std::string& words) {
    sources.push_back(source);
    text += (text.empty() ? "" : "; ") + words;
  };
  if (sighted_reader_)
    add(speech::MoveInput::EBoard,
        i18n::format(i18n::tr("his DGT e-board ({port})"), {{"port", cfg.sighted_board.port}}));
  if (opponent_reader_)
    add(speech::MoveInput::Keypad,
        i18n::format(i18n::tr("his keypad or keyboard ({device}, moves only)"),
                     {{"device", options.opponent_input.string()}}));
  if (voice_)
    add(speech::MoveInput::Voice,
        voice_text::voice_source(voice_->settings().input, voice_->settings().confirm));
  if (console_) add(speech::MoveInput::Assistant, i18n::tr("the assistant's console"));
  if (options.simulated_assistant)
    add(speech::MoveInput::Assistant, i18n::tr("the demo's simulated assistant"));
  printer_->print(origin,
                  i18n::format(i18n::tr("the sighted player's moves come from (D.2.11): {sources}"),
                               {{"sources", text.empty() ? i18n::tr("nowhere: no e-board, no "
                                                                    "keypad, no console")
                                                         : text}}));
  const core::Color vi = station_->record().header().visually_impaired;
  auto language = speech::Language::load((vi == core::BLACK ? cfg.black : cfg.white).language);
  if (language && !sources.empty())
    printer_->say(speech::phrase_move_sources(*language, sources), Route::Private, origin);
  // D.2.11, D.2.3: no sound device could be opened. He hears nothing, so he is told on his
  // braille display (the private line), in his language: neither he nor his opponent hears any
  // announcement; the devices named are the configuration's (the console gave the reasons).
  if (language && announcer_ && !announcer_->sound_problems().empty()) {
    std::string devices = cfg.audio.public_device;
    if (cfg.audio.private_device != "none" && cfg.audio.private_device != devices)
      devices += ", " + cfg.audio.private_device;
    station_->notify_after_link(speech::phrase_no_sound(*language, devices), origin);
  }
}

StationRig::~StationRig() {
  // Device threads first (they push to the queue), then the announcer finishes speaking.
  if (station_) station_->voice().set_hooks({});
  voice_.reset();
  if (tactile_clock_reader_) tactile_clock_reader_->stop();
  if (braille_) braille_->stop();
  if (clock_outputs_) clock_outputs_->stop();
  if (printer_) {
    printer_->set_console_sink(nullptr);       // the line editor goes with the reader
    printer_->set_opponent_terminal(nullptr);  // his keypad's terminal goes with its reader
    printer_->close_log(SteadyClock::now());   // lines a full disk kept from station.log
  }
  console_.reset();
  opponent_reader_.reset();
  if (opponent_fd_ >= 0) ::close(opponent_fd_);
  sighted_reader_.reset();
  reader_.reset();
  simulator_.reset();
  queue_.close();
}

void StationRig::run() {
  run_station_loop(*station_, queue_);
}

void StationRig::stop() {
  queue_.push(StationEvent::stop(SteadyClock::now()));
}

void StationRig::stop(std::string line) {
  const auto now = SteadyClock::now();
  queue_.push(StationEvent::notice(now, std::move(line)));
  queue_.push(StationEvent::stop(now));
}

}  // namespace annabella::app
