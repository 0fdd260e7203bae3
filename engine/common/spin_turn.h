#pragma once

#include <thread>

namespace engine {

/// Turns of a waiting thread that pause before it yields its CPU at each further turn (one to a few microseconds).
inline constexpr unsigned kPausesBeforeYield = 64;

/// One turn of a thread that waits without sleeping: `turn` counts from 1. The first kPausesBeforeYield turns pause
/// (freeing the core's shared resources), later ones yield the CPU: a thread that only spins keeps it from a thread
/// with work when threads outnumber the cores.
inline void spinTurn(unsigned turn)
{
    if (turn > kPausesBeforeYield) {
        std::this_thread::yield();
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

} // namespace engine
