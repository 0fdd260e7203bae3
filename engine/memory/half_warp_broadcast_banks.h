#pragma once

#include "engine/memory/shared_bank_model.h"

namespace engine {

/// CC 1.x shared memory: 16 banks of 32-bit words, resolved per half-warp, with a broadcast of one word.
/// programming-guide-0.8.2.txt §6.1.2.4 and opencl-programming-guide-2.3.txt §3.1.2.5: "a shared memory
/// request for a warp is split into one request for the first half of the warp and one request for the
/// second half"; a read request is "serviced in several steps ... by servicing one conflict-free subset
/// of these addresses per step": the addresses within one broadcast word, plus "one address for each
/// bank pointed to by the remaining addresses". Which word is broadcast is unspecified; warpscope picks
/// the lowest pending lane's word (DIGEST §12.3). Only that word is shared: in every other bank one lane
/// is served per step, even when several lanes read the same word there.
/// Wide accesses: a double "is compiled into two separate 32-bit requests" (opencl-programming-guide-2.3.txt
/// §3.1.2.5), so 8- and 16-byte accesses are 2 and 4 separate requests of one 32-bit word per lane.
/// [GAP] (DIGEST §3.2) the seeds describe no broadcast for writes: a write step serves one lane per bank,
/// so lanes writing one word are serialized.
class HalfWarpBroadcastBanks final : public SharedBankModel {
public:
    static constexpr int kBanks = 16;
    static constexpr int kBankWidthBytes = 4;

    void resolve(const WarpAccess& access, BankConflictResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
};

} // namespace engine
