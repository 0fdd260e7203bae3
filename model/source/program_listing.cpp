#include "model/source/program_listing.h"

#include "engine/ptx/module.h"
#include "engine/ptx/source_map.h"
#include "model/source/ptx_text_scanner.h"

#include <QFile>

namespace model {

namespace {

QStringList readLines(const QString& path)
{
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the file's final newline ends the last line; it starts no new one
    return lines;
}

FunctionListing listFunction(const engine::ptx::Function& fn, const PtxTextScanner& scanner)
{
    FunctionListing listing;
    listing.name = QString::fromStdString(fn.name);
    listing.demangled = QString::fromStdString(fn.demangled);
    const auto statements = scanner.functionStatements(static_cast<int>(fn.line));
    // The scan is trusted only when it found exactly the parser's instructions.
    const bool matched = statements.size() == static_cast<qsizetype>(fn.instructions.size());
    listing.lines.reserve(static_cast<qsizetype>(fn.instructions.size()));
    for (std::size_t pc = 0; pc < fn.instructions.size(); ++pc) {
        const auto& instruction = fn.instructions[pc];
        ListingLine line;
        line.pc = static_cast<int>(pc);
        line.cudaLine = instruction.source.file == 1 ? static_cast<int>(instruction.source.line) : 0;
        if (matched) {
            line.ptxLine = statements[static_cast<qsizetype>(pc)].line;
            line.text = statements[static_cast<qsizetype>(pc)].text;
        } else {
            const auto mnemonic = engine::ptx::opcodeInfo(instruction.opcode).mnemonic;
            line.text = QString::fromLatin1(mnemonic.data(), static_cast<qsizetype>(mnemonic.size()));
        }
        listing.lines.push_back(line);
    }
    return listing;
}

} // namespace

const ListingLine* ProgramListing::line(int function, int pc) const
{
    if (function < 0 || function >= functions.size())
        return nullptr;
    const auto& lines = functions[function].lines;
    return pc >= 0 && pc < lines.size() ? &lines[pc] : nullptr;
}

QString ProgramListing::cudaText(int lineNumber) const
{
    return lineNumber >= 1 && lineNumber <= cudaLines.size() ? cudaLines[lineNumber - 1] : QString();
}

ProgramListing buildProgramListing(const engine::ptx::Module& module)
{
    ProgramListing listing;
    listing.ptxPath = QString::fromStdString(module.sourceName);
    const QStringList ptxLines = readLines(listing.ptxPath);
    const PtxTextScanner scanner(ptxLines);
    for (const auto& fn : module.functions)
        listing.functions.push_back(listFunction(fn, scanner));
    if (const auto cuda = engine::ptx::findSourceFile(module, 1, module.sourceName)) {
        listing.cudaPath = QString::fromStdString(cuda->string());
        listing.cudaLines = readLines(listing.cudaPath);
    }
    return listing;
}

} // namespace model
