; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; The hinted copy is outlined without the array pointers the module's own globals
; hold: it loads them again at its entry, where nothing has written them since.
; Passed as arguments, they would escape for GlobalsAA, and the plain version
; would lose the facts it has in the plain build (the two mallocs distinct).
; CHECK-LABEL: define dso_local void @scale(
; CHECK:         call void @scale.outcore.hinted.0(i64 %n)
; CHECK:       define internal void @scale.outcore.hinted.0(i64 %n)
; CHECK-DAG:     load ptr, ptr @y
; CHECK-DAG:     load ptr, ptr @x
; CHECK:         call void @oc_prefetch_block(
;
; // Arrays whose pointers globals of the module hold: the outlined hinted copy
; // loads them itself rather than take them as arguments, so that they never
; // escape (GlobalsAA keeps the arrays distinct in the plain version).
; static double *x, *y;
; 
; void arrays(long n) {
;   x = __builtin_malloc(n * sizeof *x);
;   y = __builtin_malloc(n * sizeof *y);
; }
; 
; void scale(long n) {
;   for (long i = 0; i < n; i++)
;     y[i] = 2 * x[i];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@x = internal global ptr null, align 8
@y = internal global ptr null, align 8

define dso_local void @arrays(i64 noundef %n) #0 {
entry:
  %mul = shl i64 %n, 3
  %call = call ptr @malloc(i64 noundef %mul) #3
  store ptr %call, ptr @x, align 8, !tbaa !5
  %call2 = call ptr @malloc(i64 noundef %mul) #3
  store ptr %call2, ptr @y, align 8, !tbaa !5
  ret void
}

declare ptr @malloc(i64 noundef) #1

define dso_local void @scale(i64 noundef %n) #0 {
entry:
  %cmp4 = icmp slt i64 0, %n
  br i1 %cmp4, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  %0 = load ptr, ptr @x, align 8, !tbaa !5
  %1 = load ptr, ptr @y, align 8, !tbaa !5
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.05 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %0, i64 %i.05
  %2 = load double, ptr %arrayidx, align 8, !tbaa !9
  %mul = fmul double %2, 2.000000e+00
  %arrayidx1 = getelementptr inbounds double, ptr %1, i64 %i.05
  store double %mul, ptr %arrayidx1, align 8, !tbaa !9
  %inc = add nuw nsw i64 %i.05, 1
  %cmp = icmp slt i64 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !11

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"double", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
