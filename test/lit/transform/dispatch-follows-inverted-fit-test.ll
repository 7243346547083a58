; // A noinline function whose fit test the pipeline has inverted by the time
; // the entry dispatch is built (InstCombine: `ule` becomes a negated `ugt`,
; // the successors swapped). The entry test must still run the plain body when
; // the footprint fits and the transformed one when it does not.
; static int arr1[50], arr2[50][50], glob;
; static void proc8(int a1[50], int a2[50][50], int i1, int i2) {
;   int loc = i1 + 5;
;   a1[loc] = i2;
;   for (int i = loc; i <= loc + 1; ++i)
;     a2[loc][i] = loc;
;   glob = 5;
; }
; int run(int n) {
;   int sum = 0;
;   for (int r = 1; r <= n; r++) {
;     proc8(arr1, arr2, n, r & 7);
;     sum += glob;
;   }
;   return sum + arr2[8][9];
; }
;
; The pass runs first here (as a user inspecting it with opt runs it), so the
; pipeline's InstCombine sees its fit test:
; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore),default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define internal fastcc void @proc8(
; CHECK-NEXT:  oc.dispatch:
; CHECK:         [[FP:%.*]] = add nuw nsw i64 %{{.*}}, 4100
; CHECK-NEXT:    %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK-NEXT:    [[TOOBIG:%.*]] = icmp ugt i64 [[FP]], %oc.limit
; CHECK-NEXT:    br i1 [[TOOBIG]], label %oc.hinted, label %oc.plain
; CHECK:       oc.plain:
; CHECK-NEXT:    tail call fastcc void @proc8.outcore.plain(
; CHECK:       oc.hinted:
; CHECK-NEXT:    tail call fastcc void @proc8.outcore.transformed(
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@arr1 = internal global [50 x i32] zeroinitializer, align 16
@arr2 = internal global [50 x [50 x i32]] zeroinitializer, align 16
@glob = internal global i32 0, align 4

define dso_local i32 @run(i32 noundef %n) #0 {
entry:
  %cmp.not1 = icmp sgt i32 1, %n
  br i1 %cmp.not1, label %for.end, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %r.03 = phi i32 [ 1, %for.body.lr.ph ], [ %inc, %for.body ]
  %sum.02 = phi i32 [ 0, %for.body.lr.ph ], [ %add, %for.body ]
  %and = and i32 %r.03, 7
  call void @proc8(ptr noundef nonnull @arr1, ptr noundef nonnull @arr2, i32 noundef %n, i32 noundef %and)
  %0 = load i32, ptr @glob, align 4
  %add = add nsw i32 %sum.02, %0
  %inc = add nuw nsw i32 %r.03, 1
  %cmp.not = icmp sgt i32 %inc, %n
  br i1 %cmp.not, label %for.cond.for.end_crit_edge, label %for.body, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  %sum.0.lcssa = phi i32 [ %add.lcssa, %for.cond.for.end_crit_edge ], [ 0, %entry ]
  %1 = load i32, ptr getelementptr inbounds (i8, ptr @arr2, i64 1636), align 4
  %add1 = add nsw i32 %sum.0.lcssa, %1
  ret i32 %add1
}

define internal void @proc8(ptr noundef %a1, ptr noundef %a2, i32 noundef %i1, i32 noundef %i2) #0 {
entry:
  %add = add nsw i32 %i1, 5
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds i32, ptr %a1, i64 %idxprom
  store i32 %i2, ptr %arrayidx, align 4
  %add1 = add nsw i32 %i1, 6
  br label %for.body

for.body:                                         ; preds = %entry, %for.body
  %i.01 = phi i32 [ %add, %entry ], [ %inc, %for.body ]
  %idxprom4 = sext i32 %i.01 to i64
  %arrayidx5 = getelementptr inbounds [50 x i32], ptr %a2, i64 %idxprom, i64 %idxprom4
  store i32 %add, ptr %arrayidx5, align 4
  %inc = add nsw i32 %i.01, 1
  %cmp.not = icmp sgt i32 %inc, %add1
  br i1 %cmp.not, label %for.end, label %for.body, !llvm.loop !8

for.end:                                          ; preds = %for.body
  store i32 5, ptr @glob, align 4
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
