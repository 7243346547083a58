; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the address of a reference to 'a' is not an affine function of the loop counters
; CHECK-NOT: call {{.*}}@oc_
;
; // a[i * i] is not affine in i.
; double a[1 << 24];
; 
; double squares(void) {
;   double s = 0;
;   for (long i = 0; i < 4096; i++)
;     s += a[i * i];
;   return s;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [16777216 x double] zeroinitializer, align 16

define dso_local double @squares() #0 {
entry:
  br label %for.inc

for.inc:                                          ; preds = %entry, %for.inc
  %s.02 = phi double [ 0.000000e+00, %entry ], [ %add, %for.inc ]
  %i.01 = phi i64 [ 0, %entry ], [ %inc, %for.inc ]
  %mul = mul nuw nsw i64 %i.01, %i.01
  %arrayidx = getelementptr inbounds [16777216 x double], ptr @a, i64 0, i64 %mul
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd double %s.02, %0
  %inc = add nuw nsw i64 %i.01, 1
  %cmp = icmp ult i64 %inc, 4096
  br i1 %cmp, label %for.inc, label %for.end, !llvm.loop !6

for.end:                                          ; preds = %for.inc
  %s.0.lcssa = phi double [ %add, %for.inc ]
  ret double %s.0.lcssa
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
