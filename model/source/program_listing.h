#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace engine::ptx {
struct Module;
}

namespace model {

/// One PTX instruction of a listing: where it is in the PTX file and which CUDA line `.loc` gave it.
struct ListingLine {
    int pc = 0; ///< instruction index in its function
    int ptxLine = 0; ///< 1-based line in the PTX file; 0 when the PTX text could not be read
    QString text; ///< the instruction as written in the PTX ("ld.global.f32 %f1, [%rd6];")
    int cudaLine = 0; ///< 1-based `.loc` line in the CUDA file; 0 when none
};

/// The instructions of one function, indexed by PC.
struct FunctionListing {
    QString name; ///< mangled
    QString demangled;
    QVector<ListingLine> lines;
};

/// A module as text: each function's instructions with their PTX and CUDA lines, and the CUDA source file
/// behind the `.loc` directives when it exists. Built once per module; immutable; cheap to copy.
struct ProgramListing {
    QString ptxPath;
    QString cudaPath; ///< empty when the `.file` could not be found
    QStringList cudaLines; ///< the CUDA file's lines (index = line - 1)
    QVector<FunctionListing> functions; ///< indexed like Module::functions

    /// The listing line of `pc` in `function`, or null when out of range.
    const ListingLine* line(int function, int pc) const;
    /// The CUDA text of 1-based `line`, or an empty string.
    QString cudaText(int line) const;
};

/// Reads the module's PTX file again (Module::sourceName) to find each instruction's text and line, and the
/// CUDA file of `.file` 1 (engine/ptx/source_map.h). Instructions the text scan cannot place keep their
/// opcode's mnemonic as text and PTX line 0. File I/O: call it on a worker thread.
ProgramListing buildProgramListing(const engine::ptx::Module& module);

} // namespace model
