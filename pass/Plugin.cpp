//===- Plugin.cpp - Registration of Outcore's passes -----------------------===//
//
//   outcore                    the transform (DESIGN.md name)
//   print<outcore-locality>    the analysis report
//   outcore-prepare            the short canonicalisation the analysis expects
//   outcore-spill-globals      big zero-initialised globals into runtime memory
//   outcore-inline-accessors   calls to one-block accessors inlined (before prepare)
//   outcore-inline-loop-callees calls in loops of functions with loops that the
//                              inliner would inline (-O2's), inlined (after prepare)
// Pass parameters: outcore<page-size=16;mem-size=8000>,
// print<outcore-locality><page-size=16>.
// In clang (-O1 and above) the canonicalisation and the transform run at
// pipeline start, where the IR still matches the source (PLATFORM.md).
//
//===----------------------------------------------------------------------===//

#include "HoistInvariantLoads.h"
#include "InlineAccessors.h"
#include "InlineLoopCallees.h"
#include "Locality.h"
#include "Originals.h"
#include "SpillGlobals.h"
#include "Transform.h"
#include "UnswitchFitTests.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Transforms/IPO/FunctionAttrs.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;
using namespace outcore;

namespace {

/// Names unnamed arguments (clang discards value names) after their source
/// variables, or argN, so that Polly's parameters, reports and remarks read
/// like the source. Names have no meaning to the program.
struct NameArgumentsPass : PassInfoMixin<NameArgumentsPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    for (Argument &Arg : F.args())
      if (!Arg.hasName())
        Arg.setName(debugVariableName(&Arg).value_or(
            "arg" + std::to_string(Arg.getArgNo())));
    return PreservedAnalyses::all();
  }
};

void addCanonicalization(FunctionPassManager &FPM) {
  // SROA, not mem2reg alone: a C++ iterator is a struct in a stack slot,
  // which mem2reg leaves in memory (a range-based for kept its store).
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  // After SROA: debug info then describes the arguments themselves.
  FPM.addPass(NameArgumentsPass());
  // Redundant loads go first, as in the default pipeline's early simplification:
  // combined first, the two loads of `a[i] <= a[j] ? a[i++] : a[j++]` became one
  // load of a phi'd address, which nothing later removes (a merge sort in core:
  // 18 % more instructions and 1.6x the CPU time of the plain build).
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  // Without instcombine fixed-size 2-D arrays are seen flattened (PLATFORM.md).
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopRotatePass()));
  // After rotation: a preheader for each loop, loads that run when it does.
  FPM.addPass(HoistInvariantLoadsPass());
  // A hoisted load may repeat one before the loop, which rotation made the
  // first iteration's value: `v.size()` and `v[i]` of a std::vector each read
  // its data pointer. One load, and the phi between the two folds.
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  // Rotation leaves phis of one value where a value computed before a loop (such
  // as n - 1, shared by two sweeps since early-cse) is used after it: Polly takes
  // them for values the loop computes, and a time loop's two sweeps stopped being
  // one nest. LCSSA again for what the folding leaves out of form.
  FPM.addPass(InstSimplifyPass());
  FPM.addPass(LCSSAPass());
}

/// Calls in loops the inliner would inline at Level, inlined, the callers
/// canonicalised again.
InlineLoopCalleesPass inlineLoopCallees(OptimizationLevel Level) {
  FunctionPassManager Again;
  addCanonicalization(Again);
  return InlineLoopCalleesPass(getInlineParams(Level.getSpeedupLevel(), Level.getSizeLevel()),
                               std::move(Again));
}

/// Parses the optional "<params>" after a pass name; reports a bad one as a
/// single error line and returns false.
bool parseParams(StringRef Name, StringRef PassName,
                 std::optional<OutcoreParams> &Out) {
  if (Name == PassName)
    return true;
  if (!PassBuilder::checkParametrizedPassName(Name, PassName))
    return false;
  Expected<OutcoreParams> P = PassBuilder::parsePassParameters(
      parsePassParams, Name, PassName);
  if (!P) {
    errs() << toString(P.takeError()) << "\n";
    exit(1);
  }
  Out = *P;
  return true;
}

void registerCallbacks(PassBuilder &PB) {
  // Single-loop regions are "unprofitable" to Polly's optimiser but exactly
  // what we analyse; readable names help the report.
  polly::PollyProcessUnprofitable = true;
  polly::UseInstructionNames = true;
  // Keep Polly's reasons for declining a region: missed remarks quote them.
  polly::PollyTrackFailures = true;

  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return OutcoreLocalityAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        std::optional<OutcoreParams> Params;
        if (Name == "outcore-unswitch-fit-tests") {
          FPM.addPass(UnswitchFitTestsPass());
          return true;
        }
        if (Name == "outcore-prepare") {
          addCanonicalization(FPM);
          return true;
        }
        if (Name.starts_with("print<outcore-locality>") &&
            parseParams(Name, "print<outcore-locality>", Params)) {
          FPM.addPass(OutcoreLocalityPrinterPass(outs(), Params));
          return true;
        }
        if (Name.starts_with("outcore") && parseParams(Name, "outcore", Params)) {
          FPM.addPass(OutcorePass(Params));
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "outcore-spill-globals") {
          MPM.addPass(SpillGlobalsPass());
          return true;
        }
        if (Name == "outcore-inline-accessors") {
          MPM.addPass(InlineAccessorsPass());
          return true;
        }
        if (Name == "outcore-inline-loop-callees") {
          MPM.addPass(inlineLoopCallees(OptimizationLevel::O2));
          return true;
        }
        return false;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level == OptimizationLevel::O0)
          return;
        MPM.addPass(SpillGlobalsPass());
        MPM.addPass(SaveOriginalsPass());
        MPM.addPass(InlineAccessorsPass());
        FunctionPassManager Prepare;
        addCanonicalization(Prepare);
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Prepare)));
        // What each function may touch, callees first, as the inliner's
        // pipeline would infer later: a loop that calls a small pure helper
        // (an element formula, a clamp) is then a loop Polly can model.
        MPM.addPass(createModuleToPostOrderCGSCCPassAdaptor(PostOrderFunctionAttrsPass()));
        MPM.addPass(inlineLoopCallees(Level));
        MPM.addPass(createModuleToFunctionPassAdaptor(OutcorePass()));
        MPM.addPass(RestoreUntouchedPass());
      });
  // After inlining, before the simplification pipeline's last LICM: a fit
  // test inlined into a caller's loop (UnswitchFitTests.h).
  PB.registerPeepholeEPCallback([](FunctionPassManager &FPM, OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0)
      FPM.addPass(UnswitchFitTestsPass());
  });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Outcore", "0.1.0", registerCallbacks};
}
