#pragma once

#include "engine/ptx/module.h"

#include <string>
#include <vector>

namespace engine::simt {

/// What each lane's copy of `reg` holds when a matrix instruction of `fn` (wmma, mma, ldmatrix, stmatrix) uses
/// it as a fragment register: 32 texts such as "A[3][8..9]" (matrix, row, columns; fragment_layout.h gives the
/// positions), or "matrix 1 [2][6..7]" for ldmatrix/stmatrix. Empty when no matrix instruction names it. The
/// first matrix instruction naming the register decides.
std::vector<std::string> fragmentElementTexts(const ptx::Function& fn, ptx::RegRef reg);

} // namespace engine::simt
