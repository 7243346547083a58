//===- RuntimeCalls.h - The runtime's entry points, tags, module ctor -----===//
//
// What the transformed IR calls (DESIGN.md, runtime ABI): the declarations of
// the oc_* entry points, the per-module tag numbering and the module
// constructor that registers the page size and the module's tags.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_RUNTIMECALLS_H
#define OUTCORE_RUNTIMECALLS_H

#include "llvm/IR/DerivedTypes.h"

#include <cstdint>

namespace llvm {
class Constant;
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace outcore {

/// The runtime's published limit (ABI), which every fit test loads.
constexpr const char *MemoryLimitNowName = "oc_memory_limit_now";
/// The least value the runtime publishes there (outcore.h's
/// OC_MEMORY_LIMIT_NOW_MIN): the fit test's load carries it as a range.
constexpr uint64_t MemoryLimitNowMin = 16384;

struct Runtime {
  llvm::FunctionCallee Prefetch, PrefetchBlock, ReleaseBlock, PrefetchReleaseBlock,
      Register, RegisterTags;
  /// oc_memory_limit_now, the runtime's limit as an i64 global: the fit tests
  /// load it (a call would cost the original nest registers).
  llvm::Constant *MemoryLimitNow = nullptr;
};

/// The runtime's entry points, declared so that the optimiser may move and
/// vectorise around them: they touch no memory the program can see.
Runtime declareRuntime(llvm::Module &M);

/// Whether F is one of the runtime's hint entry points (oc_prefetch...): they
/// keep addresses as numbers, never an object the program could reach.
bool isRuntimeHint(const llvm::Function &F);

/// Widens what F is known to touch once the pass has put fit tests and runtime
/// calls in it: the attributes the pipeline inferred before the pass (e.g.
/// memory(argmem: readwrite), nosync) would claim less than F now does.
void noteRuntimeUse(llvm::Function &F);

/// The next tag of the module: one per static directive, numbered from 1.
int nextTag(llvm::Module &M);

/// The module's tag base, set by the module constructor: a hint's tag value
/// is base + its number.
llvm::GlobalVariable *tagBase(llvm::Module &M);

/// Tells the runtime the page size and the number of tags once per module,
/// from a constructor, and keeps the module's tag base.
void registerModule(llvm::Module &M, const Runtime &RT, int64_t PageSize);

} // namespace outcore

#endif
