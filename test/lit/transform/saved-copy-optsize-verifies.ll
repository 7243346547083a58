; // A function built for size (-Os, or `cold`): its saved copy is optnone, which
; // the verifier allows only without optsize and minsize; the function gets them
; // back with its body.
; void scale(long n, double *a) {
;   for (long i = 0; i < n; i++)
;     a[i] *= 2.0;
; }
;
; (clang -Os -Xclang -disable-llvm-passes)
; RUN: opt -load-pass-plugin=%outcore -passes='default<Os>' -verify-each -S %s | FileCheck %s
;
; CHECK: define dso_local void @scale({{.*}}) {{.*}}#[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = { {{.*}}optsize
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @scale(i64 noundef %n, ptr noundef %a) #0 {
entry:
  %n.addr = alloca i64, align 8
  %a.addr = alloca ptr, align 8
  %i = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8, !tbaa !5
  store ptr %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #2
  store i64 0, ptr %i, align 8, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i64, ptr %i, align 8, !tbaa !5
  %1 = load i64, ptr %n.addr, align 8, !tbaa !5
  %cmp = icmp slt i64 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #2
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load ptr, ptr %a.addr, align 8, !tbaa !9
  %3 = load i64, ptr %i, align 8, !tbaa !5
  %arrayidx = getelementptr inbounds double, ptr %2, i64 %3
  %4 = load double, ptr %arrayidx, align 8, !tbaa !11
  %mul = fmul double %4, 2.000000e+00
  store double %mul, ptr %arrayidx, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i64, ptr %i, align 8, !tbaa !5
  %inc = add nsw i64 %5, 1
  store i64 %inc, ptr %i, align 8, !tbaa !5
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind optsize uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
