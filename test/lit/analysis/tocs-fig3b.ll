; // TOCS 2001 Fig. 3(b): 10,000 inner iterations, two elements per page, 500 pages.
; double A[3][10000], B[10001][4];
; void fig3b(void) {
;   for (int i = 0; i < 3; i++)
;     for (int j = 0; j < 10000; j++)
;       A[i][j] = B[j][0] + B[j+1][0];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><page-size=16;mem-size=8000>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'fig3b': page 16 B, memory 8000 B (500 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 2 loops, 3 references
; CHECK-NEXT:   loop i: depth 0, trip 3, 0 .. 2, pages/iteration 15001, not localized
; CHECK-NEXT:   loop j: depth 1, trip 10000, 0 .. 9999, pages/iteration 3, localized
; CHECK-NEXT:   ref B[j][0] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; CHECK-NEXT:     spatial reuse space { [i0, i1 = 0] }, loops none
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality none
; CHECK-NEXT:     group 0 trailer; prefetch when false; release when true; priority 1; hints yes
; CHECK-NEXT:   ref B[j + 1][0] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; CHECK-NEXT:     spatial reuse space { [i0, i1 = 0] }, loops none
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality none
; CHECK-NEXT:     group 0 leader; prefetch when true; release when false; priority 1; hints yes
; CHECK-NEXT:   ref A[i][j] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 1 single; prefetch when j mod 2 = 0; release when j mod 2 = 1; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@B = dso_local global [10001 x [4 x double]] zeroinitializer, align 16
@A = dso_local global [3 x [10000 x double]] zeroinitializer, align 16

define dso_local void @fig3b() #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.inc13
  %i.02 = phi i32 [ 0, %entry ], [ %inc14, %for.inc13 ]
  br label %for.body3

for.body3:                                        ; preds = %for.cond1.preheader, %for.body3
  %j.01 = phi i32 [ 0, %for.cond1.preheader ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %j.01 to i64
  %arrayidx = getelementptr inbounds [10001 x [4 x double]], ptr @B, i64 0, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 16
  %add = add nuw nsw i32 %j.01, 1
  %idxprom5 = zext nneg i32 %add to i64
  %arrayidx6 = getelementptr inbounds [10001 x [4 x double]], ptr @B, i64 0, i64 %idxprom5
  %1 = load double, ptr %arrayidx6, align 16
  %add8 = fadd double %0, %1
  %idxprom9 = zext nneg i32 %i.02 to i64
  %idxprom11 = zext nneg i32 %j.01 to i64
  %arrayidx12 = getelementptr inbounds [3 x [10000 x double]], ptr @A, i64 0, i64 %idxprom9, i64 %idxprom11
  store double %add8, ptr %arrayidx12, align 8
  %inc = add nuw nsw i32 %j.01, 1
  %cmp2 = icmp ult i32 %inc, 10000
  br i1 %cmp2, label %for.body3, label %for.inc13, !llvm.loop !6

for.inc13:                                        ; preds = %for.body3
  %inc14 = add nuw nsw i32 %i.02, 1
  %cmp = icmp ult i32 %inc14, 3
  br i1 %cmp, label %for.cond1.preheader, label %for.end15, !llvm.loop !8

for.end15:                                        ; preds = %for.inc13
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
