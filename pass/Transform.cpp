//===- Transform.cpp - The outcore transform pass --------------------------===//
//
// The driver: for each analysed nest, the fit test and the run-time versions
// (Versioning), a schedule per pipeline loop (Schedule), and the rewrite of
// each pipeline loop (NestRewriter); remarks for what it leaves alone.
//
//===----------------------------------------------------------------------===//

#include "Transform.h"

#include "Locality.h"
#include "NestRewriter.h"
#include "Remarks.h"
#include "Schedule.h"
#include "Footprint.h"
#include "Versioning.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#define DEBUG_TYPE "outcore"

STATISTIC(NumNests, "Loop nests seen");
STATISTIC(NumVersioned, "Nests given a run-time fit test");
STATISTIC(NumTransformed, "Nests with hints in some version");
STATISTIC(NumOutlined, "Hinted sides moved to functions of their own");
STATISTIC(NumKeptInPlace, "Hinted sides CodeExtractor could not move (kept in the function)");

using namespace llvm;

namespace outcore {

namespace {

constexpr const char *NoHints = "no reference gets a hint in the pipeline loop";

/// Rewrites the pipeline loop of NS. Returns a reason when the nest is left
/// exactly as it was.
std::string rewritePipeline(const AnalyzedNest &Nest, const NestSchedule &NS,
                            RewriteContext &Cx) {
  NestRewriter Rewriter(Nest, NS, Cx);
  std::string Why = Rewriter.refusal();
  if (Why.empty())
    Rewriter.run();
  return Why;
}

/// Why a nest with footprint FP gets no fit test, or "" when it gets one.
std::string fitTestRefusal(const Footprint &FP, const MachineParams &Machine,
                           ScalarEvolution &SE) {
  if (!FP.Bytes)
    return "the data the nest touches has no bound before the nest (no run-time fit test)";
  if (FP.Rows)
    return ""; // a sum over rows: no bound at compile time
  APInt Max = SE.getUnsignedRangeMax(FP.Bytes);
  if (Max.ule(uint64_t(Machine.MemSize)))
    return "the data the nest touches fits in memory (at most " +
           std::to_string(Max.getZExtValue()) + " bytes)";
  return "";
}

/// Transforms one hinted version of a nest. Where the pipeline loop's trip
/// count is unknown at compile time, a copy of the version is split off first,
/// with the pipeline loop moved outward (TOCS Fig. 8 decided at run time): it
/// runs when one entry of the pipeline loop advances less than a block (short
/// rows), where prefetching a distance ahead inside the loop would reach past
/// its end. A copy that cannot be transformed stays plain.
std::string hintVersion(const AnalyzedNest &V, const NestSchedule &NS, RewriteContext &Cx) {
  if (NS.EntryBytes) {
    Loop *Root = NS.Within ? NS.Within : V.IR.Loops[0];
    SCEVExpander Exp(Cx.SE, Cx.F.getParent()->getDataLayout(), "oc.entry");
    const int64_t Block = Cx.Params.blockBytes();
    ValueToValueMapTy VMap;
    auto ShortRows = [&](IRBuilder<> &B) -> Value * {
      Instruction *At = &*B.GetInsertPoint();
      if (!Exp.isSafeToExpandAt(NS.EntryBytes, At))
        return nullptr;
      Value *Bytes = Exp.expandCodeFor(NS.EntryBytes, B.getInt64Ty(), At);
      return B.CreateICmpULT(Bytes, B.getInt64(Block), "oc.short.rows");
    };
    BasicBlock *PipelineHeader = NS.Pipeline->getHeader();
    if (cloneLoopUnder(Root, ShortRows, ".oc.outward", VMap, Cx.LI, Cx.DT, Cx.SE)) {
      AnalyzedNest Moved{remapNest(V.IR, VMap, Cx.LI), V.Locality};
      const Loop *Inner = Cx.LI.getLoopFor(cast<BasicBlock>(VMap[PipelineHeader]));
      Loop *MovedRoot = Cx.LI.getLoopFor(cast<BasicBlock>(VMap[Root->getHeader()]));
      NestSchedule MS = scheduleNest(Moved, Cx.Params, Cx.LI, Cx.DT, Cx.SE, Inner,
                                     NS.Within ? MovedRoot : nullptr);
      std::string Why = !MS.Reason.empty() ? MS.Reason
                        : MS.Refs.empty()  ? NoHints
                                           : rewritePipeline(Moved, MS, Cx);
      if (!Why.empty())
        emitNotTransformed(MovedRoot, "its short-row copy (rows under a block) stays plain: " + Why,
                           Cx.ORE);
    }
  }
  return rewritePipeline(V, NS, Cx);
}

/// Schedules each pipeline of V (the nest, or each of its Parts, depth
/// first) and hands it to OnPipeline, which returns why it gives up. A part
/// is scheduled only after the parts before it were handled, so it sees their
/// rewrites. Returns "" when some pipeline succeeded, else the first reason.
std::string forEachPipeline(const AnalyzedNest &V, RewriteContext &Cx, Loop *Within,
                            function_ref<std::string(const NestSchedule &)> OnPipeline) {
  NestSchedule NS = scheduleNest(V, Cx.Params, Cx.LI, Cx.DT, Cx.SE, nullptr, Within);
  if (NS.Parts.empty()) {
    if (NS.Reason.empty() && NS.Refs.empty())
      NS.Reason = NoHints;
    return NS.Reason.empty() ? OnPipeline(NS) : NS.Reason;
  }
  std::string First;
  bool Some = false;
  for (Loop *Part : NS.Parts) {
    std::string Why = forEachPipeline(V, Cx, Part, OnPipeline);
    LLVM_DEBUG(if (!Why.empty()) dbgs() << "outcore: part at depth " << Part->getLoopDepth()
                                        << " left plain: " << Why << "\n");
    Some |= Why.empty();
    if (First.empty())
      First = Why;
  }
  return Some ? "" : First;
}

/// Rewrites every pipeline of one version of a nest.
std::string hintPipelines(const AnalyzedNest &V, RewriteContext &Cx) {
  return forEachPipeline(V, Cx, nullptr,
                         [&](const NestSchedule &NS) { return hintVersion(V, NS, Cx); });
}

/// Gives the nest its run-time fit test (the original runs when FP fits) and
/// its localized versions, and hints every version; adds the hinted side's
/// entry to Hinted when some version got hints. Returns why the nest itself
/// got no hints (its versions may have), or "".
std::string versionAndHint(const AnalyzedNest &Nest, const Footprint &FP, RewriteContext &Cx,
                           SmallVectorImpl<WeakVH> &Hinted) {
  const MachineParams &Machine = Cx.Params.Machine;
  Loop *Outer = Nest.IR.Loops[0];
  // The checks run in the order the clones are made: the whole nest in
  // memory (the original), then the most localized version whose pages fit.
  std::vector<LocalizedVersion> Versions;
  if (Machine.Unknown == UnknownTrip::Version)
    Versions = localizedVersions(Nest, Machine, Cx.SE);
  // Data within one prefetch block leaves nothing to pipeline at any limit.
  BasicBlock *HintedEntry = versionOriginal(Outer, FP, Cx.Params.blockBytes(),
                                            Cx.RT.MemoryLimitNow, Cx.LI, Cx.DT, Cx.SE);
  if (!HintedEntry)
    return "no run-time fit test can be placed before the nest";
  ++NumVersioned;
  std::vector<AnalyzedNest> Clones;
  for (LocalizedVersion &V : Versions) {
    ValueToValueMapTy VMap;
    if (versionNest(Outer, V.Need, Cx.RT.MemoryLimitNow, ".oc.local", VMap, Cx.LI, Cx.DT, Cx.SE))
      Clones.push_back({remapNest(Nest.IR, VMap, Cx.LI), std::move(V.Locality)});
  }
  LLVM_DEBUG(dbgs() << "outcore: fit test placed, " << Clones.size()
                    << " localized version(s)\n");
  std::string Reason = hintPipelines(Nest, Cx);
  bool HintedAny = Reason.empty();
  // A version that cannot be transformed stays a plain copy of the nest.
  for (const AnalyzedNest &Clone : Clones) {
    std::string Why = hintPipelines(Clone, Cx);
    HintedAny |= Why.empty();
    LLVM_DEBUG(if (!Why.empty()) dbgs() << "outcore: run-time version left plain: "
                                        << Why << "\n");
  }
  if (HintedAny) {
    ++NumTransformed;
    registerModule(*Cx.F.getParent(), Cx.RT, Machine.PageSize);
    Hinted.push_back(HintedEntry);
  }
  return Reason;
}

} // namespace

PreservedAnalyses OutcorePass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || isOutlinedHinted(F))
    return PreservedAnalyses::all();
  const OutcoreParams P = Params ? *Params : paramsFromCommandLine();
  std::optional<LocalityInfo> Own;
  const LocalityInfo &Info = localityFor(F, FAM, P.Machine, Own);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  RewriteContext Cx{F,
             FAM.getResult<LoopAnalysis>(F),
             FAM.getResult<DominatorTreeAnalysis>(F),
             FAM.getResult<ScalarEvolutionAnalysis>(F),
             ORE,
             P,
             {}};
  bool Changed = false;
  SmallVector<WeakVH, 4> Hinted; // null when a rewrite deleted the block
  NumNests += Info.Nests.size() + Info.Missed.size();
  for (const AnalyzedNest &Nest : Info.Nests) {
    emitLocalityRemarks(Nest, ORE);
    if (!Nest.IR.Unsupported.empty()) {
      emitNotTransformed(Nest.IR.Loops[0], Nest.IR.Unsupported, ORE);
      continue;
    }
    std::string Reason = forEachPipeline(Nest, Cx, nullptr,
                                         [](const NestSchedule &) { return ""; });
    const MachineParams &Machine = P.Machine;
    // Read before the IR changes: every hinted nest runs only when its data
    // does not fit (the fit test); data that fits in the memory the analysis
    // assumes stays resident and gets no hints (DESIGN, Analysis 5).
    Footprint FP = Reason.empty() ? nestFootprint(Nest, Machine.PageSize, Cx.SE) : Footprint{};
    if (Reason.empty())
      Reason = fitTestRefusal(FP, Machine, Cx.SE);
    if (Reason.empty()) {
      if (!Changed)
        Cx.RT = declareRuntime(*F.getParent());
      // Versions and copies may be made (and invariant values hoisted for the
      // fit test) even if a later step fails.
      Changed = true;
      Reason = versionAndHint(Nest, FP, Cx, Hinted);
    }
    LLVM_DEBUG(dbgs() << "outcore: nest at " << Nest.IR.Loops[0]->getName() << ": "
                      << (Reason.empty() ? "transformed" : "left as it is: " + Reason)
                      << "\n");
    if (!Reason.empty())
      emitNotTransformed(Nest.IR.Loops[0], Reason, ORE);
  }
  for (const MissedNest &Missed : Info.Missed)
    emitNotTransformed(Missed.Outermost, Missed.Reason, ORE);
  if (Changed)
    noteRuntimeUse(F);
  // Last: the loop analyses above describe F as it was before any move.
  unsigned Number = 0;
  for (WeakVH &Held : Hinted) {
    auto *Entry = cast_or_null<BasicBlock>(Held);
    if (Entry && Entry->getParent() != &F)
      continue; // moved with an earlier nest's hinted side
    if (Entry && outlineHinted(Entry, Number, FAM.getCachedResult<AssumptionAnalysis>(F)))
      ++NumOutlined, ++Number;
    else
      ++NumKeptInPlace;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace outcore
