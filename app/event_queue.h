// The game thread's inbox: device threads (board reader, console reader, tactile clock) push
// timestamped events; the one thread that owns the game pops them in order. The one queue
// template lives in the lower layer (tactile/event_queue.h), shared with the board reader.
#pragma once

#include "tactile/event_queue.h"

namespace annabella::app {

using tactile::EventQueue;

}  // namespace annabella::app
