// A game whose disk fills: the set-up the record's full-disk tests share.
#pragma once

#include <cstdint>
#include <filesystem>

#include "support/file_size_limit.h"
#include "support/station_driver.h"

namespace annabella::testing {

// 1. e4 e5: White (the VI player) on the pegboard, Black typed and executed.
inline void play_e4_e5(StationDriver& d) {
  d.hand("e2", "e4");
  d.console("e5");
  d.hand("e7", "e5");
}

// While it lives, the journal in `folder` has room for only `room` more bytes (and every other
// file is held to the same size): the disk is full from the journal's present end on.
class JournalDiskFull {
 public:
  explicit JournalDiskFull(const std::filesystem::path& folder, std::uintmax_t room = 20)
      : journal_size_(std::filesystem::file_size(folder / "game.journal")),
        limit_(journal_size_ + room) {}
  bool ok() const { return limit_.ok(); }
  // The journal's size when the disk filled.
  std::uintmax_t journal_size() const { return journal_size_; }

 private:
  std::uintmax_t journal_size_;
  FileSizeLimit limit_;
};

}  // namespace annabella::testing
