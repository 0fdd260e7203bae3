#include "engine/ptx/parser.h"

#include "engine/ptx/cfg.h"
#include "engine/ptx/demangle.h"
#include "engine/ptx/lexer.h"
#include "engine/ptx/module_parser.h"
#include "engine/ptx/shared_load_vectorizer.h"

namespace engine::ptx {

namespace {

// Every `.loc` must name a `.file` of the module (PTX ISA 8.5 §11.5.2); nvcc puts the .file
// directives at the end, so this is checked once the whole module is read.
std::optional<Error> checkSourceFiles(const Module& module)
{
    for (const Function& fn : module.functions) {
        for (const Instruction& ins : fn.instructions) {
            std::uint32_t f = ins.source.file;
            if (f != 0 && (f >= module.files.size() || module.files[f].empty()))
                return Error(ErrorCode::ParseError,
                    ".loc refers to file " + std::to_string(f) + " but no .file declares it",
                    SourceLocation::inFile(module.sourceName, fn.line));
        }
    }
    return std::nullopt;
}

} // namespace

Result<Module> parsePtx(std::string_view source, std::string sourceName)
{
    try {
        std::vector<Token> tokens = Lexer(source, sourceName).tokenize();
        TokenCursor cursor(tokens, sourceName);
        Module module = ModuleParser(cursor).parse();
        if (auto err = checkSourceFiles(module))
            return *err;
        for (Function& fn : module.functions) {
            fn.demangled = demangledOrSame(fn.name);
            assignReconvergencePoints(fn);
            vectorizeSharedLoads(fn, module);
        }
        return module;
    } catch (const ParseFailure& failure) {
        return failure.error;
    }
}

} // namespace engine::ptx
