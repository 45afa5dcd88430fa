// What `annabella play` (and the demo) check before they create the record folder or any file:
// a start that is refused leaves nothing behind (issue 11, section 9).
#pragma once

#include <filesystem>

#include "app/journal.h"
#include "app/station_state.h"
#include "core/result.h"

namespace annabella::app {

// Checks everything a start could be refused for, without writing anything: the configuration
// as `config check` checks it, and the record folder (no link in a record file's place; a new
// game needs a folder without a journal, a resumed one a journal that can be rebuilt). Every
// problem is one line of the error's message.
[[nodiscard]] Status check_play_start(const StationOptions& options);

// D.2.7: a record is resumed only when it is whole (check_record_whole): the journal's sealed
// part as its seals sign it, nothing after its end that may not stand there, and the PGN beside
// it agreeing with it. The error says why and that nothing was written.
[[nodiscard]] Status check_record_for_resume(const std::filesystem::path& folder,
                                             const JournalContents& contents);

}  // namespace annabella::app
