// The game type (Appendix A rapid, Appendix B blitz, or standard play) and what follows from it
// for the station: the time a player has for 60 moves, which decides the type (A.1, B.1), the
// penalty of Articles 7 and 9 (two minutes; one in blitz, B.2), whether the players must record
// the moves (Art. 8.1; A.2 and B.4 not), and which of A.3/A.4 (B.3/B.4) the event applies (A.5,
// B.5). No wording here: the app says it.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

#include "core/result.h"
#include "core/time_control_model.h"

namespace annabella::core {

enum class GameType : unsigned char { Standard, Rapid, Blitz };

// Whether an event under Appendix A or B runs its games under the Competition Rules (A.3, B.3:
// an arbiter for at most three games, or one, and every game recorded) or under the rest of the
// appendix (A.4, B.4). The event's regulations choose for the whole event (A.5, B.5).
enum class Supervision : unsigned char { Competition, Appendix };

// The time one player has for the first 60 moves: the time given at the start plus 60 times the
// increment (A.1, B.1), counting the time added at each control reached within those moves.
// None for an hourglass, an unknown or an untimed control, which A.1 and B.1 do not classify.
[[nodiscard]] std::optional<std::chrono::milliseconds> time_for_sixty_moves(
    const TimeControl& control);

// The type the time control gives: blitz with 10 minutes or less for 60 moves (B.1), rapid with
// more than 10 and less than 60 (A.1), standard otherwise. None when the control has no time for
// 60 moves (see above): the configuration must then say.
[[nodiscard]] std::optional<GameType> game_type_of(const TimeControl& control);

// What changes with the type.
struct GameTypeRules {
  GameType type = GameType::Standard;
  Supervision supervision = Supervision::Appendix;  // Rapid and Blitz only
  // The penalty of Articles 7 and 9 (Art. 7.5.5, 9.5.3: two minutes to the opponent; B.2: one).
  [[nodiscard]] std::chrono::minutes penalty() const;
  // Whether the players must record the moves (Art. 8.1); A.2 and B.4 (through A.2): not in rapid
  // and blitz. The station's own record is kept whatever the type.
  [[nodiscard]] bool players_record() const;
  // Whether the Competition Rules apply in full: standard play, or A.3 / B.3.
  [[nodiscard]] bool competition_rules() const;
  // The article the type comes from: "A.1", "B.1", or "" for standard play.
  [[nodiscard]] std::string_view defining_article() const;
  // The article of what applies beside the definition: "A.3", "A.4", "B.3", "B.4", or "".
  [[nodiscard]] std::string_view supervision_article() const;
};

// The names used in the configuration, the journal and the PGN: "standard", "rapid", "blitz";
// "A.3"-style names for the supervision are not used: "competition" and "appendix".
[[nodiscard]] std::string_view game_type_name(GameType type);
// A name that is none of those asked for (the caller words it, with the names allowed).
struct UnknownName {
  std::string name;
};
[[nodiscard]] Result<GameType, UnknownName> parse_game_type(std::string_view name);
[[nodiscard]] std::string_view supervision_name(Supervision supervision);
[[nodiscard]] Result<Supervision, UnknownName> parse_supervision(std::string_view name);

}  // namespace annabella::core
