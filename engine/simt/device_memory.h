#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engine::ptx {
struct Module;
}

namespace engine::simt {

struct ModuleFacts;

/// What an allocation holds: a buffer the host asked for, or a module-scope variable.
enum class AllocationKind : std::uint8_t { Buffer, GlobalVariable, ConstVariable };

/// One named range of global memory. Addresses are 256-byte aligned (address_layout.h).
struct Allocation {
    std::string name;
    AllocationKind kind = AllocationKind::Buffer;
    std::uint64_t address = 0;
    std::uint64_t sizeBytes = 0;
    std::vector<std::uint8_t> bytes; ///< the contents, sizeBytes long

    bool contains(std::uint64_t addr, std::uint64_t size) const
    {
        return addr >= address && size <= sizeBytes && addr - address <= sizeBytes - size;
    }
};

/// Where an address lies relative to the allocations, for memcheck messages.
struct AddressLookup {
    const Allocation* allocation = nullptr; ///< the containing one, or the nearest; null when there is none
    bool inside = false; ///< all accessed bytes lie inside `allocation`
    /// Bytes from the allocation to the access: negative before its start, else from its end (0 when
    /// inside, when the access starts exactly at the end, or when it straddles the end).
    std::int64_t distance = 0;
    bool straddles = false; ///< the access starts inside `allocation` and runs past its end
};

/// The module's .global and .const variables placed in global memory (PTX ISA 8.5 §5.1.3, §5.1.4):
/// address per Module::variables index, 0 for variables of other spaces.
struct ModuleImage {
    std::vector<std::uint64_t> variableAddresses;
    /// What launches check and lay out that depends on the module alone (module_facts.h); null where the image
    /// was not made by loadModule, and then every launch works it out itself.
    std::shared_ptr<const ModuleFacts> facts;
};

/// A journal of overwritten bytes, so the warp stepper can undo global stores.
struct WriteJournal {
    struct Entry {
        std::uint64_t address;
        std::uint32_t size;
        std::uint64_t offset; ///< into `oldBytes`
    };
    std::vector<Entry> entries;
    std::vector<std::uint8_t> oldBytes;
};

/// A sparse 64-bit global address space of named allocations (DESIGN.md: "Device buffers get addresses
/// aligned to 256 bytes, as cudaMalloc guarantees"). Addresses never change and allocations are never
/// freed; Allocation objects may move in memory when another one is added, so do not keep pointers to
/// them across allocate() or loadModule(). Not thread-safe; one launch at a time.
///
/// Host runner usage: `auto a = mem.allocate("idata", n * 4);` then fill `mem.bytes(a)` (or `write`),
/// pass `a` as a kernel argument, launch, and read results back with `mem.bytes(a)` or `read`.
class DeviceMemory {
public:
    /// Reserves `sizeBytes` zeroed bytes named `name`; returns the (256-byte aligned) address. `threads`: how many
    /// host threads may fault a large allocation's pages in (zeroedByteVector).
    std::uint64_t allocate(std::string name, std::uint64_t sizeBytes, AllocationKind kind = AllocationKind::Buffer,
        unsigned threads = 1);
    /// allocate() for contents the caller made (zeroed or filled): `bytes` becomes the allocation, its size the
    /// allocation's.
    std::uint64_t adopt(std::string name, std::vector<std::uint8_t> bytes, AllocationKind kind = AllocationKind::Buffer);

    /// The contents of the allocation that starts at `address`; empty when none starts there.
    std::span<std::uint8_t> bytes(std::uint64_t address);
    /// The contents of the allocation that starts at `address`, moved out, for a caller done with them (a run's
    /// final buffers): the allocation keeps its address and is left empty, so a later access to it is out of
    /// bounds. Empty when none starts there.
    std::vector<std::uint8_t> releaseBytes(std::uint64_t address);

    /// Copies `data` to [address, address + size); an error when the range is not inside one allocation.
    Result<std::uint64_t> write(std::uint64_t address, std::span<const std::uint8_t> data);
    /// Copies [address, address + size) out; an error when the range is not inside one allocation.
    Result<std::vector<std::uint8_t>> read(std::uint64_t address, std::uint64_t size) const;

    /// The allocation holding [address, address + size), else the nearest one and the distance.
    AddressLookup find(std::uint64_t address, std::uint64_t size = 1) const;
    /// The allocation holding [address, address + size), or null. Hot path of the executor.
    Allocation* findContaining(std::uint64_t address, std::uint64_t size);
    const Allocation* findByName(std::string_view name) const;

    /// Places the module's .global and .const variables (with their initializers) as allocations named
    /// after the variables; call once per module, before its first launch.
    ModuleImage loadModule(const ptx::Module& module);

    const std::vector<Allocation>& allocations() const { return m_allocations; }

private:
    /// Writes the addresses that module variables' initializers name (after every variable is placed).
    void patchAddressInitializers(const ptx::Module& module, const ModuleImage& image);

    std::vector<Allocation> m_allocations; ///< ascending addresses
    std::uint64_t m_next = 0; ///< next free address; 0 until the first allocation
};

/// One line per access outside memory: "is 4 bytes after the end of allocation 'odata' (1024 bytes at
/// 0x100000000)" or "lies in no allocation".
std::string describeLookup(const AddressLookup& lookup, std::uint64_t size);

} // namespace engine::simt
