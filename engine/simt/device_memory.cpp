#include "engine/simt/device_memory.h"

#include "engine/common/align_up.h"
#include "engine/common/huge_pages.h"
#include "engine/ptx/module.h"
#include "engine/simt/address_layout.h"
#include "engine/simt/module_facts.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <utility>

namespace engine::simt {

namespace {

    std::string hex(std::uint64_t v)
    {
        std::ostringstream s;
        s << "0x" << std::hex << v;
        return s.str();
    }

} // namespace

std::uint64_t DeviceMemory::allocate(std::string name, std::uint64_t sizeBytes, AllocationKind kind, unsigned threads)
{
    return adopt(std::move(name), zeroedByteVector(sizeBytes, threads), kind);
}

std::uint64_t DeviceMemory::adopt(std::string name, std::vector<std::uint8_t> bytes, AllocationKind kind)
{
    if (m_next == 0)
        m_next = kGlobalBase;
    const std::uint64_t sizeBytes = bytes.size();
    Allocation a;
    a.name = std::move(name);
    a.kind = kind;
    a.address = m_next;
    a.sizeBytes = sizeBytes;
    a.bytes = std::move(bytes);
    // Programming Guide 0.8.2 §6.1.2.1: cudaMalloc returns memory aligned to at least 256 bytes.
    // A zero-byte allocation still takes one aligned slot, so every allocation has its own address.
    m_next = alignUp(m_next + std::max<std::uint64_t>(sizeBytes, 1), kAllocationAlignment);
    m_allocations.push_back(std::move(a));
    return m_allocations.back().address;
}

std::span<std::uint8_t> DeviceMemory::bytes(std::uint64_t address)
{
    Allocation* a = findContaining(address, 0);
    if (!a || a->address != address)
        return {};
    return a->bytes;
}

std::vector<std::uint8_t> DeviceMemory::releaseBytes(std::uint64_t address)
{
    Allocation* a = findContaining(address, 0);
    if (!a || a->address != address)
        return {};
    a->sizeBytes = 0;
    return std::exchange(a->bytes, {});
}

Result<std::uint64_t> DeviceMemory::write(std::uint64_t address, std::span<const std::uint8_t> data)
{
    Allocation* a = findContaining(address, data.size());
    if (!a)
        return Error(ErrorCode::InvalidArgument,
            "write of " + std::to_string(data.size()) + " bytes at " + hex(address) + " "
                + describeLookup(find(address, data.size()), data.size()));
    if (!data.empty())
        std::memcpy(a->bytes.data() + (address - a->address), data.data(), data.size());
    return static_cast<std::uint64_t>(data.size());
}

Result<std::vector<std::uint8_t>> DeviceMemory::read(std::uint64_t address, std::uint64_t size) const
{
    AddressLookup where = find(address, size);
    if (!where.inside)
        return Error(ErrorCode::InvalidArgument,
            "read of " + std::to_string(size) + " bytes at " + hex(address) + " " + describeLookup(where, size));
    const auto* first = where.allocation->bytes.data() + (address - where.allocation->address);
    return std::vector<std::uint8_t>(first, first + size);
}

Allocation* DeviceMemory::findContaining(std::uint64_t address, std::uint64_t size)
{
    auto it = std::upper_bound(m_allocations.begin(), m_allocations.end(), address,
        [](std::uint64_t a, const Allocation& alloc) { return a < alloc.address; });
    if (it == m_allocations.begin())
        return nullptr;
    --it;
    return it->contains(address, size) ? &*it : nullptr;
}

AddressLookup DeviceMemory::find(std::uint64_t address, std::uint64_t size) const
{
    AddressLookup out;
    auto it = std::upper_bound(m_allocations.begin(), m_allocations.end(), address,
        [](std::uint64_t a, const Allocation& alloc) { return a < alloc.address; });
    const Allocation* below = (it == m_allocations.begin()) ? nullptr : &*std::prev(it);
    const Allocation* above = (it == m_allocations.end()) ? nullptr : &*it;
    if (below && below->contains(address, size)) {
        out.allocation = below;
        out.inside = true;
        return out;
    }
    // Distance to the end of the allocation below, and to the start of the one above; the nearer wins.
    const std::uint64_t belowEnd = below ? below->address + below->sizeBytes : 0;
    const std::uint64_t pastBelow = (below && address >= belowEnd) ? address - belowEnd : 0;
    const std::uint64_t beforeAbove = above ? above->address - address : 0;
    if (below && (!above || pastBelow <= beforeAbove)) {
        out.allocation = below;
        out.distance = static_cast<std::int64_t>(pastBelow);
        out.straddles = address < belowEnd;
    } else if (above) {
        out.allocation = above;
        out.distance = -static_cast<std::int64_t>(beforeAbove);
    }
    return out;
}

const Allocation* DeviceMemory::findByName(std::string_view name) const
{
    for (const Allocation& a : m_allocations) {
        if (a.name == name)
            return &a;
    }
    return nullptr;
}

ModuleImage DeviceMemory::loadModule(const ptx::Module& module)
{
    ModuleImage image;
    image.variableAddresses.assign(module.variables.size(), 0);
    for (std::size_t i = 0; i < module.variables.size(); ++i) {
        const ptx::Variable& v = module.variables[i];
        if (v.space != ptx::StateSpace::Global && v.space != ptx::StateSpace::Const)
            continue;
        const auto kind = v.space == ptx::StateSpace::Global ? AllocationKind::GlobalVariable
                                                             : AllocationKind::ConstVariable;
        const std::uint64_t address = allocate(v.name, v.sizeBytes, kind);
        // PTX ISA 8.5 §5.4.4: variables are zero unless initialized.
        std::vector<std::uint8_t>& bytes = m_allocations.back().bytes; // the one just allocated
        std::copy_n(v.init.begin(), std::min<std::size_t>(v.init.size(), bytes.size()), bytes.begin());
        image.variableAddresses[i] = address;
    }
    patchAddressInitializers(module, image);
    image.facts = std::make_shared<const ModuleFacts>(moduleFacts(module));
    return image;
}

void DeviceMemory::patchAddressInitializers(const ptx::Module& module, const ModuleImage& image)
{
    // PTX ISA 8.5 §5.4.4: an initializer may hold the address of a variable (`.global .u64 p = table;`,
    // `generic(table)`); global and const addresses are the same in the generic space (address_layout.h).
    for (std::size_t i = 0; i < module.variables.size(); ++i) {
        const auto address = image.variableAddresses[i];
        if (address == 0)
            continue;
        auto target = bytes(address);
        for (const auto& init : module.variables[i].addressInits) {
            const auto base = init.index < image.variableAddresses.size() ? image.variableAddresses[init.index] : 0;
            if (base == 0 || init.byteOffset + init.size > target.size())
                continue;
            const auto value = base + static_cast<std::uint64_t>(init.addend);
            for (std::uint32_t b = 0; b < init.size; ++b)
                target[init.byteOffset + b] = static_cast<std::uint8_t>(value >> (8 * b));
        }
    }
}

std::string describeLookup(const AddressLookup& lookup, std::uint64_t size)
{
    if (!lookup.allocation)
        return "lies in no allocation (none exists)";
    const Allocation& a = *lookup.allocation;
    const std::string what = "allocation '" + a.name + "' (" + std::to_string(a.sizeBytes) + " bytes at "
        + hex(a.address) + ")";
    if (lookup.inside)
        return "is inside " + what;
    if (lookup.distance < 0)
        return "is " + std::to_string(-lookup.distance) + " bytes before " + what;
    if (lookup.straddles)
        return "straddles the end of " + what + " (access of " + std::to_string(size) + " bytes)";
    return "is " + std::to_string(lookup.distance) + " bytes after the end of " + what;
}

} // namespace engine::simt
