; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the reference through 'p.addr.04' follows a pointer loaded inside the loop
; CHECK-NOT: call {{.*}}@oc_
;
; // A linked list: each address is loaded from the previous node.
; struct node { struct node *next; double v; };
; 
; double walk(struct node *p, long n) {
;   double s = 0;
;   for (long i = 0; i < n; i++) {
;     s += p->v;
;     p = p->next;
;   }
;   return s;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local double @walk(ptr noundef %p, i64 noundef %n) #0 {
entry:
  %cmp1 = icmp slt i64 0, %n
  br i1 %cmp1, label %for.inc.lr.ph, label %for.end

for.inc.lr.ph:                                    ; preds = %entry
  br label %for.inc

for.inc:                                          ; preds = %for.inc.lr.ph, %for.inc
  %p.addr.04 = phi ptr [ %p, %for.inc.lr.ph ], [ %0, %for.inc ]
  %i.03 = phi i64 [ 0, %for.inc.lr.ph ], [ %inc, %for.inc ]
  %s.02 = phi double [ 0.000000e+00, %for.inc.lr.ph ], [ %add, %for.inc ]
  %0 = load ptr, ptr %p.addr.04, align 8
  %v = getelementptr inbounds i8, ptr %p.addr.04, i64 8
  %1 = load double, ptr %v, align 8
  %add = fadd double %s.02, %1
  %inc = add nuw nsw i64 %i.03, 1
  %cmp = icmp slt i64 %inc, %n
  br i1 %cmp, label %for.inc, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.inc
  %split = phi double [ %add, %for.inc ]
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  %s.0.lcssa = phi double [ %split, %for.cond.for.end_crit_edge ], [ 0.000000e+00, %entry ]
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
