import Foundation
import FoundationNetworking
let sem = DispatchSemaphore(value: 0)
URLSession.shared.dataTask(with: URL(string: "https://127.0.0.1:47124/x")!) { _, _, e in
  let ns = e! as NSError; print(ns.code, ns.domain, ns.userInfo.keys.map{"\($0)"}, ns.userInfo); sem.signal() }.resume()
sem.wait()
