#include "app/play_start.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/config_check.h"
#include "app/game_record.h"
#include "app/i18n.h"
#include "app/record_folder.h"
#include "app/recording_seal.h"
#include "core/pgn.h"

namespace annabella::app {
namespace {

// The record folder as the start finds it.
Status check_record_folder(const std::filesystem::path& path, bool resume) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    if (resume)
      return fail(i18n::format(i18n::tr("record.folder: {folder} does not exist: there is no game "
                                        "to resume (`annabella play --resume`)"),
                               {{"folder", path.string()}}));
    return {};  // created when the game starts
  }
  auto folder = RecordFolder::open(path);
  if (!folder) return fail(folder.error());
  if (auto links = folder->refuse_links(); !links) return links;
  const auto journal = path / "game.journal";
  if (!resume) {
    if (std::filesystem::exists(journal, ec) || std::filesystem::is_symlink(journal, ec))
      return fail(i18n::format(i18n::tr("record.folder: {journal} already holds a game; use "
                                        "`annabella play --resume` to continue it, or choose "
                                        "another folder"),
                               {{"journal", journal.string()}}));
    return {};
  }
  // A station already on this folder (D.2.7: one record per game) refuses the start here, as
  // bad input; StationRig holds the lock for the game itself.
  if (auto in_use = folder->refuse_if_in_use(); !in_use) return in_use;
  auto contents = read_journal(journal);
  if (!contents) return fail(contents.error());
  if (auto recorded = replay_journal(*contents); !recorded) return fail(recorded.error());
  return check_record_for_resume(path, *contents);
}

// A file's text; "" when it cannot be read.
std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  return text.str();
}

}  // namespace

Status check_record_for_resume(const std::filesystem::path& folder,
                               const JournalContents& contents) {
  const std::string journal = file_text(folder / "game.journal");
  std::error_code ec;
  std::vector<core::PgnGame> pgn;
  if (std::filesystem::exists(folder / "game.pgn", ec))
    pgn = core::read_pgn_games(file_text(folder / "game.pgn"));
  auto whole = check_record_whole({.name = contents.name, .text = journal}, contents,
                                  pgn.empty() ? nullptr : &pgn.back(), "game.pgn");
  if (whole) return {};
  return fail(i18n::format(
      i18n::tr("not resumed: {why}; nothing was written, the arbiter decides from the paper "
               "scoresheets and `annabella recording verify` (D.2.7)"),
      {{"why", whole.error().message}}));
}

Status check_play_start(const StationOptions& options) {
  std::vector<std::string> problems = station_problems(options.config);
  if (auto folder = check_record_folder(options.record_folder, options.resume); !folder)
    problems.push_back(folder.error().message);
  if (problems.empty()) return {};
  std::string message;
  for (const auto& problem : problems) message += (message.empty() ? "" : "\n") + problem;
  return fail(message);
}

}  // namespace annabella::app
