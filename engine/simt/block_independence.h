#pragma once

#include "engine/ptx/module.h"

namespace engine::simt {

/// Whether the blocks of a launch of `module` may run at the same time, each against its own WriteOverlay, and
/// still give the serial run's results once committed in linear order. Plain loads and stores qualify: a block
/// that read what an earlier block of its batch wrote is found out at commit and runs again. Not so:
/// - global or generic atomics and reductions, whose results depend on the order of every block's updates;
/// - volatile or strong (relaxed, acquire, release) global or generic loads and stores above CTA scope, with
///   which one block polls for another (PTX ISA 8.5 §8.4: they observe other threads' writes as they happen);
/// - asynchronous copies and mbarriers (their completions are tracked per block in issue order);
/// - device printf, whose lines come out in execution order;
/// - %clock, %clock64 and %globaltimer, which count the launch's instructions so far (operand_access.cpp).
bool blocksRunApart(const ptx::Module& module);

} // namespace engine::simt
