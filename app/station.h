// The play station: the one object that owns the game and wires the pegboard, the sighted
// player's input, the clock, the voice and the record together, following Appendix D:
//
//   - the VI player's move is made on the pegboard (D.2.3): captured piece removed, piece placed
//     into a different aperture, then announced; only then the clock switches (D.2.4);
//   - the sighted player's move is entered (assistant's keyboard in SAN or in the vocabulary's
//     words, or a DGT e-board) and announced (D.2.1); the VI player executes it on the pegboard
//     and the station checks it, reporting the first wrong placement at once;
//   - time and moves on request, privately (D.2.6, D.2.10.4); flag falls (Art. 6.9);
//   - every event is applied to the game's record and journaled (fsync) before it is acted on,
//     so `play --resume` rebuilds the game and the clocks after a crash through the same
//     interpreter (app/game_record.h).
//
// The parts, each in its file pair: the state and its record/journal/clock operations
// (app/station_state.h), the Appendix D flow (app/appendix_d.h), the desk that carries out
// commands (app/arbiter_desk.h), the player's requests (app/player_requests.h), the exports
// (app/exports.h). Single-threaded and deterministic: every input carries the time it happened;
// timers fire from tick(now); next_deadline() says when. The wiring (app/station_rig.h) feeds it
// from the device threads through an EventQueue.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "app/appendix_d.h"
#include "app/arbiter_desk.h"
#include "app/station_events.h"
#include "app/station_state.h"
#include "app/voice_station.h"

namespace annabella::app {

class Station {
 public:
  // Starts a new game (creating the record folder and journal) or resumes the one recorded
  // there. Errors name the file, key or entry at fault.
  [[nodiscard]] static Result<std::unique_ptr<Station>> open(const StationOptions& options,
                                                             StationOutput& output, TimePoint now);

  void handle(const StationEvent& event);
  void tick(TimePoint now);
  [[nodiscard]] std::optional<TimePoint> next_deadline() const;
  // Quit was asked for, the game was adjourned, or a Stop event came.
  // Done, and no seal of the recording still awaited (D.2.7).
  [[nodiscard]] bool finished() const { return state_.finished && !state_.waiting_for_seal(); }
  // After the last event: nothing of the record may go with the process (StationState::close).
  void close(TimePoint now) { state_.close(now); }
  // D.2.7: how the recording is sealed (the rig's key and announcer).
  void set_sealing(SealSettings sealing) { state_.sealing = std::move(sealing); }
  // On resumption, the recordings of earlier parts of the game: each one that no seal covers
  // to its end is sealed as found (occasion "resume").
  void seal_earlier_recordings(const std::vector<std::filesystem::path>& recordings,
                               TimePoint now) {
    for (const auto& recording : recordings) state_.seal_as_found(recording, now);
  }

  // D.2.11: a private notice of the start (no sound device) said once the pegboard's first
  // link has been said, or a few seconds after `now` without one: the braille display shows only
  // the latest private line, and the link's would replace it at once.
  void notify_after_link(const speech::Phrase& phrase, TimePoint now) {
    if (state_.notices.empty()) state_.notices_by = now + std::chrono::seconds(5);
    state_.notices.push_back(phrase);
  }

  // Voice input (app/voice_station.h): the rig wires the listener to it.
  [[nodiscard]] VoiceStation& voice() { return voice_; }

  [[nodiscard]] const core::Game& game() const { return state_.game(); }
  [[nodiscard]] const GameRecord& record() const { return state_.record; }
  [[nodiscard]] const tactile::Pegboard& pegboard() const { return state_.pegboard; }
  [[nodiscard]] const PlayerMenu& menu() const { return state_.menu; }
  [[nodiscard]] const core::ChessClock& clock() const { return state_.clock; }
  [[nodiscard]] const std::filesystem::path& record_folder() const { return state_.folder(); }
  [[nodiscard]] std::size_t journal_waiting() const { return state_.journal.waiting(); }
  // The files written as the game goes (PGN, braille scoresheet, touch log).
  [[nodiscard]] std::vector<std::filesystem::path> exports() const;

 private:
  // The start's private notices, now (notify_after_link).
  void say_notices(TimePoint time);
  Station(const StationOptions& options, StationOutput& output, speech::Vocabulary vocabulary,
          GameRecord record, core::ChessClock clock, Journal journal, TimePoint now);
  static Result<std::unique_ptr<Station>> start(const StationOptions& options,
                                                StationOutput& output,
                                                speech::Vocabulary vocabulary, TimePoint now);
  static Result<std::unique_ptr<Station>> resume(const StationOptions& options,
                                                 StationOutput& output,
                                                 speech::Vocabulary vocabulary, TimePoint now);
  // The clocks shown and the record's files written, once the station is open.
  void started(TimePoint now);
  // Guidelines II.2: the Chess960 start position named on the console and to the VI player.
  static void tell_chess960_start(StationState& s, TimePoint now);

  void on(const ev::Pegboard& e, TimePoint time);
  void on(const ev::SightedBoard& e, TimePoint time);
  void on(const ev::ConsoleLine& e, TimePoint time);
  void on(const ev::Request& e, TimePoint time);
  void on(const ev::MenuKeyPress& e, TimePoint time);
  void on(const ev::TactileClockKey& e, TimePoint time);
  void on(const ev::Notice& e, TimePoint time);
  void on(const ev::Stop& e, TimePoint time);
  void on(const ev::Sealed& e, TimePoint time);
  void on(const ev::Heard& e, TimePoint time);
  void on(const ev::SoundLink& e, TimePoint time);
  void handle(const Command& command, InputSource source, TimePoint time);
  void carry_out_button_requests();

  StationState state_;
  AppendixDFlow flow_;
  ArbiterDesk desk_;
  VoiceStation voice_;
};

}  // namespace annabella::app
