//===- InlineAccessors.h - Calls to one-block accessors, inlined -----------===//
//
// Runs before outcore-prepare in clang's pipeline. The pass sees a function
// before the inliner has run, so a loop over `v[i]` of a `std::vector` calls
// `operator[]`, a call the analysis cannot see through ("may access memory the
// analysis cannot see"). Calls to accessors (a single block of a few
// instructions once its stack slots are promoted, no call of its own but to
// arithmetic intrinsics and math functions that only set errno, a definition
// that cannot be replaced at link time:
// `operator[]`, `size()`, an iterator's operators, a lambda's body) are inlined
// first, callees before callers, as the inliner would inline them later; so
// are calls made in loops to leaf helpers (no call, a few dozen instructions,
// a loop of their own or none), whose loop then joins the caller's nest. A
// function the pass then leaves alone gets its saved body back (Originals.h).
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_INLINEACCESSORS_H
#define OUTCORE_INLINEACCESSORS_H

#include "llvm/IR/PassManager.h"

namespace outcore {

/// Whether the early inliners (this pass, InlineLoopCalleesPass) may inline
/// calls into F: a definition, not optnone. The bodies SaveOriginals keeps
/// (Originals.h) are optnone and must stay as clang made them: a leaf helper
/// inlined into a saved main came back as main's "plain" body, compiled unlike
/// the plain build's (1.48x its instructions).
bool mayInlineEarlyInto(const llvm::Function &F);

struct InlineAccessorsPass : llvm::PassInfoMixin<InlineAccessorsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

} // namespace outcore

#endif
