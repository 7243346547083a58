; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: no hinted reference changes its address in a loop of the nest
; CHECK-NOT: call {{.*}}@oc_
;
; // The nest is the inner loop (the call keeps the time loop out of it); the
; // reference a[t] changes its address only in the time loop, outside the nest.
; void opaque(void);
; double a[1 << 24];
; 
; double sum(long n) {
;   double s = 0;
;   for (long t = 0; t < (1 << 24); t++) {
;     opaque();
;     for (long i = 0; i < n; i++)
;       s += a[t];
;   }
;   return s;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [16777216 x double] zeroinitializer, align 16

define dso_local double @sum(i64 noundef %n) #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %entry, %for.inc4
  %s.05 = phi double [ 0.000000e+00, %entry ], [ %s.1.lcssa, %for.inc4 ]
  %t.04 = phi i64 [ 0, %entry ], [ %inc5, %for.inc4 ]
  call void @opaque() #2
  %cmp21 = icmp slt i64 0, %n
  br i1 %cmp21, label %for.inc.lr.ph, label %for.inc4

for.inc.lr.ph:                                    ; preds = %for.body
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.12 = phi double [ %s.05, %for.inc.lr.ph ], [ %add, %for.inc ]
  %arrayidx = getelementptr inbounds [16777216 x double], ptr @a, i64 0, i64 %t.04
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd double %s.12, %0
  %inc = add nuw nsw i64 %i.03, 1
  %cmp2 = icmp slt i64 %inc, %n
  br i1 %cmp2, label %for.inc, label %for.cond1.for.inc4_crit_edge, !llvm.loop !6

for.cond1.for.inc4_crit_edge:                     ; preds = %for.inc
  %split = phi double [ %add, %for.inc ]
  br label %for.inc4

for.inc4:                                         ; preds = %for.cond1.for.inc4_crit_edge, %for.body
  %s.1.lcssa = phi double [ %split, %for.cond1.for.inc4_crit_edge ], [ %s.05, %for.body ]
  %inc5 = add nuw nsw i64 %t.04, 1
  %cmp = icmp ult i64 %inc5, 16777216
  br i1 %cmp, label %for.body, label %for.end6, !llvm.loop !8

for.end6:                                         ; preds = %for.inc4
  %s.0.lcssa = phi double [ %s.1.lcssa, %for.inc4 ]
  ret double %s.0.lcssa
}

declare void @opaque() #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind }

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
