; // A transformed function whose footprint needs a value the body may set
; // before the nest (a call is passed the count): its fit test stays at the
; // nest, and the function keeps one body.
; void read_count(long *count);
; 
; void scale_after_read(long *count, double *a) {
;   read_count(count);
;   long n = *count;
;   for (long i = 0; i < n; i++)
;     a[i] *= 2.0;
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='default<O2>' -S %s | FileCheck %s
;
; CHECK-LABEL: define dso_local void @scale_after_read(
; CHECK-NOT:   oc.dispatch
; CHECK:         call void @read_count(
; CHECK:         load atomic i64, ptr @oc_memory_limit_now unordered
; CHECK:         call fastcc void @scale_after_read.outcore.hinted.0(
; CHECK-NOT:   outcore.transformed
;
; Made with clang -O2 -Xclang -disable-llvm-passes.
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @scale_after_read(ptr noundef %count, ptr noundef %a) #0 {
entry:
  %count.addr = alloca ptr, align 8
  %a.addr = alloca ptr, align 8
  %n = alloca i64, align 8
  %i = alloca i64, align 8
  store ptr %count, ptr %count.addr, align 8, !tbaa !5
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  %0 = load ptr, ptr %count.addr, align 8, !tbaa !5
  call void @read_count(ptr noundef %0)
  call void @llvm.lifetime.start.p0(i64 8, ptr %n) #3
  %1 = load ptr, ptr %count.addr, align 8, !tbaa !5
  %2 = load i64, ptr %1, align 8, !tbaa !9
  store i64 %2, ptr %n, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %i) #3
  store i64 0, ptr %i, align 8, !tbaa !9
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i64, ptr %i, align 8, !tbaa !9
  %4 = load i64, ptr %n, align 8, !tbaa !9
  %cmp = icmp slt i64 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %6 = load i64, ptr %i, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds double, ptr %5, i64 %6
  %7 = load double, ptr %arrayidx, align 8, !tbaa !11
  %mul = fmul double %7, 2.000000e+00
  store double %mul, ptr %arrayidx, align 8, !tbaa !11
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %8 = load i64, ptr %i, align 8, !tbaa !9
  %inc = add nsw i64 %8, 1
  store i64 %inc, ptr %i, align 8, !tbaa !9
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.end.p0(i64 8, ptr %n) #3
  ret void
}

declare void @read_count(ptr noundef) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
