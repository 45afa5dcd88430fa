// The record's files for people, written from the game's record (app/game_record.h) as the game
// goes: the PGN with clock times (game.pgn), the braille scoresheet (scoresheet.brf) and the
// touch log (touches.txt). Each is replaced whole and atomically (a reader never sees half a
// file); the journal stays the source from which all of them can be made again.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_record.h"
#include "config/config.h"
#include "core/result.h"

namespace annabella::app {

// The PGN of the game so far (Art. 8 scoresheet): the seven tag roster, [%clk] and [%emt]
// comments, draw offers marked (=) (Art. 9.1.2.2), the end's reason in a comment.
[[nodiscard]] std::string game_pgn(const GameRecord& record);
// The scoresheet's lines for braille: the players, the event, a line per move number with
// White's and Black's moves in their columns, the result. In `language` (a player's language:
// "de", "mk", "sr-Cyrl"): its catalog's words ("Runde") and its piece letters ("Sf3"), D.2.7;
// "" (or a language with neither) is English.
[[nodiscard]] std::vector<std::string> scoresheet_lines(const GameRecord& record,
                                                        std::string_view language = "");
// The touch log (D.2.2; evidence for Art. 4): every touch with who touched what, when, and what
// became of it; the notes for the arbiter after them.
[[nodiscard]] std::string touch_log(const GameRecord& record);

// Guidelines III.6.1: a draw claim made without an arbiter, for the arbiter it is referred to
// (III.6.2): who claimed on which grounds, the final position as FEN, as a line of pieces per
// side (for a braille display) and as a diagram, under III.6.1.2 the scoresheet, the opponent's
// verification and the arbiter's decision once given; "" when there is no such claim.
[[nodiscard]] std::string claim_text(const GameRecord& record);
// The liblouis table of the VI player's braille scoresheet (D.2.7): record.braille_table, or for
// "auto" the braille table of the VI player's language (tactile::braille_table_for, issue 17:
// "sr-g1.ctb" for a Macedonian or Serbian player, "de-g0.utb" for a German one). The VI player is
// the first marked visually impaired (White when neither is).
[[nodiscard]] std::string scoresheet_table(const config::StationConfig& cfg);
// The braille table of a player's language (player.language; issue 17), for his braille display's
// lines and the "auto" scoresheet: tactile::braille_table_for, UEB for a language it lacks.
[[nodiscard]] std::string player_braille_table(std::string_view language);
// Writes game.pgn and scoresheet.brf (and claim.txt when a claim was made without an arbiter,
// Guidelines III.6.1) into `folder`; the error names the file.
[[nodiscard]] Status write_game_files(const std::filesystem::path& folder, const GameRecord& record,
                                      const config::StationConfig& cfg);
[[nodiscard]] Status write_touch_log(const std::filesystem::path& folder, const GameRecord& record);
// The files written as the game goes.
[[nodiscard]] std::vector<std::filesystem::path> export_files(const std::filesystem::path& folder);

}  // namespace annabella::app
